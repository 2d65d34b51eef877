import { describe, expect, it } from 'vitest';
import {
  LAST_ADMIN,
  accessOfNewAccount,
  lastAdminRefusal,
  losesActiveAdmin,
  nextAccess,
  toUserListItem,
} from '../../src/domain/users/users-rules.ts';

const activeAdmin = { role: 'admin', status: 'active' } as const;

describe('the last active admin', () => {
  it('cannot be disabled, sent back to pending or demoted while no other admin is active', () => {
    expect(lastAdminRefusal(activeAdmin, { role: 'admin', status: 'disabled' }, 1)).toBe(LAST_ADMIN);
    expect(lastAdminRefusal(activeAdmin, { role: 'admin', status: 'pending' }, 1)).toBe(LAST_ADMIN);
    expect(lastAdminRefusal(activeAdmin, { role: 'operator', status: 'active' }, 1)).toBe(LAST_ADMIN);
  });

  it('can be when another admin is active, and keeping the role and status is never refused', () => {
    expect(lastAdminRefusal(activeAdmin, { role: 'operator', status: 'active' }, 2)).toBeNull();
    expect(lastAdminRefusal(activeAdmin, activeAdmin, 1)).toBeNull();
  });

  it('only concerns someone who is an active admin now', () => {
    expect(
      losesActiveAdmin({ role: 'admin', status: 'disabled' }, { role: 'operator', status: 'disabled' }),
    ).toBe(false);
    expect(
      losesActiveAdmin({ role: 'operator', status: 'active' }, { role: 'operator', status: 'disabled' }),
    ).toBe(false);
    expect(
      lastAdminRefusal({ role: 'admin', status: 'pending' }, { role: 'operator', status: 'pending' }, 0),
    ).toBeNull();
  });
});

describe('access changes', () => {
  it('change only what they name', () => {
    expect(nextAccess(activeAdmin, { status: 'disabled' })).toEqual({ role: 'admin', status: 'disabled' });
    expect(nextAccess(activeAdmin, { role: 'operator' })).toEqual({ role: 'operator', status: 'active' });
    expect(nextAccess(activeAdmin, {})).toEqual(activeAdmin);
  });

  it('make the first account an active admin and every later one a pending operator', () => {
    expect(accessOfNewAccount(0)).toEqual({ role: 'admin', status: 'active' });
    expect(accessOfNewAccount(1)).toEqual({ role: 'operator', status: 'pending' });
    expect(accessOfNewAccount(40)).toEqual({ role: 'operator', status: 'pending' });
  });
});

describe('toUserListItem', () => {
  it('splits the name into first and last name the way the list shows it', () => {
    const user = {
      id: 7,
      name: '  Maria  da Silva Souza ',
      email: 'maria@example.com',
      name_sort: 'maria da silva souza',
      password_hash: 'x',
      role: 'operator' as const,
      status: 'active' as const,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(toUserListItem(user)).toEqual({
      id: 7,
      email: 'maria@example.com',
      first_name: 'Maria',
      last_name: 'da Silva Souza',
      avatar: null,
      role: 'operator',
      status: 'active',
    });
  });
});
