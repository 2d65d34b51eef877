import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPERATOR_PERMISSIONS,
  PERMISSION_ACTIONS,
  PERMISSION_GROUPS,
  PERMISSIONS,
  ZUpdatePermissions,
  permissionRefusal,
} from '@armazem/contracts/permissions';
import { operatorPermissionsOf } from '../../src/domain/permissions/permissions-rules.ts';

describe('operators’ permissions as stored (DESIGN.md §6.7)', () => {
  it('are the defaults when nothing, or nothing readable, was saved', () => {
    for (const text of [undefined, '', 'não é json', '[]', 'null', '42'])
      expect(operatorPermissionsOf(text)).toEqual(DEFAULT_OPERATOR_PERMISSIONS);
  });

  it('keep each saved choice, the default for an action never saved, and forget unknown or non-boolean ones', () => {
    const read = operatorPermissionsOf(
      JSON.stringify({ 'nfe.undo': true, 'catalog.import': false, 'count.post': 'sim', 'velha.acao': true }),
    );
    expect(read).toEqual({
      ...DEFAULT_OPERATOR_PERMISSIONS,
      'nfe.undo': true,
      'catalog.import': false,
    });
    expect(Object.keys(read)).toEqual([...PERMISSION_ACTIONS]);
  });
});

describe('the permissions contract', () => {
  it('gives every action a label and one of the groups the screen shows', () => {
    for (const action of PERMISSION_ACTIONS) {
      expect(PERMISSIONS[action].label.length).toBeGreaterThan(0);
      expect(PERMISSION_GROUPS).toContain(PERMISSIONS[action].group);
    }
  });

  it('names the permission in a refusal', () => {
    expect(permissionRefusal('reference.create', 'criar categorias')).toBe(
      'Seu perfil não pode criar categorias (permissão "Criar categorias, unidades e embalagens"). Peça a um administrador.',
    );
  });

  it('takes some actions at a time and refuses unknown ones', () => {
    expect(ZUpdatePermissions.safeParse({ operator: { 'count.post': true } }).success).toBe(true);
    expect(ZUpdatePermissions.safeParse({ operator: { 'count.postar': true } }).success).toBe(false);
    expect(ZUpdatePermissions.safeParse({ operator: { 'count.post': 'true' } }).success).toBe(false);
  });
});
