import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="text-base-content/70 flex flex-col items-center gap-3 py-10 text-center" role="status">
      {children}
    </div>
  );
}
