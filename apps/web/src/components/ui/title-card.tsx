import type { ReactNode } from 'react';

export function TitleCard({
  title,
  actions,
  children,
  hidden,
  headingId,
}: {
  title: string;
  /** An id for the heading, which can then take focus (after a row's dialog, when the row's button is gone). */
  headingId?: string;
  actions?: ReactNode;
  children: ReactNode;
  /** Kept mounted but not shown (a page's other tab is open). */
  hidden?: boolean;
}) {
  return (
    <section className="card bg-base-100 w-full min-w-0 p-4 shadow-sm sm:p-6" hidden={hidden}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={headingId}
          tabIndex={headingId ? -1 : undefined}
          className="min-w-0 text-xl font-semibold break-words"
        >
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="divider mt-2 mb-2" />
      <div className="w-full min-w-0">{children}</div>
    </section>
  );
}
