import type { ComponentProps } from 'react';
import type { TPermissionAction } from '@armazem/contracts/permissions';
import { NOT_PERMITTED, usePermitted } from '../../lib/permissions-api.ts';

/**
 * A button of an action an admin may close to operators (DESIGN.md §6.7): disabled, saying why, when the user may not
 * use it. The tooltip sits on a wrapper, since a disabled button gets no pointer events.
 */
export function PermittedButton({
  action,
  ...button
}: ComponentProps<'button'> & { action: TPermissionAction }) {
  const permitted = usePermitted(action);
  if (permitted) return <button type="button" {...button} />;
  return (
    <span className="inline-block" title={NOT_PERMITTED}>
      <button type="button" {...button} disabled aria-disabled title={NOT_PERMITTED} onClick={undefined} />
    </span>
  );
}
