import { messages } from '../../config/messages.ts';

export function PageLoader() {
  return (
    <div
      className="flex h-full min-h-48 w-full items-center justify-center gap-3 text-base-content/70"
      role="status"
    >
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      <span>{messages.loading}</span>
    </div>
  );
}
