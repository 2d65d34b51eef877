import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways inside its card instead of widening the page (a 390 px phone). The region is
 * focusable and named so a keyboard user can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="w-full overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
