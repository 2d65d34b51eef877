import {
  DEFAULT_OPERATOR_PERMISSIONS,
  PERMISSION_ACTIONS,
  type TOperatorPermissions,
} from '@armazem/contracts/permissions';

/**
 * The operators' permissions from the stored JSON text: each action an admin chose, the default for the rest (an
 * action a later release adds starts at its default; one a later release dropped is forgotten).
 */
export function operatorPermissionsOf(text: string | undefined): TOperatorPermissions {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // unreadable: the defaults
  }
  return Object.fromEntries(
    PERMISSION_ACTIONS.map((action) => {
      const value = stored[action];
      return [action, typeof value === 'boolean' ? value : DEFAULT_OPERATOR_PERMISSIONS[action]];
    }),
  ) as TOperatorPermissions;
}
