import { useState, type ReactNode } from 'react';

/**
 * A dashed area files are dropped on or chosen from (the NF-e XML, a month's batch). The file input inside the label
 * is the keyboard's stop; the area shows where it is.
 */
export function FileDropZone({
  onFiles,
  accept,
  label,
  testId,
  disabled = false,
  children,
}: {
  onFiles: (files: FileList | null) => void;
  accept: string;
  /** the input's accessible name */
  label: string;
  testId: string;
  disabled?: boolean;
  /** what the area says */
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <label
      className={`border-base-300 has-[input:focus-visible]:outline-base-content flex cursor-pointer flex-col items-center gap-2 rounded-box border-2 border-dashed p-6 text-center has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-solid ${dragging ? 'bg-base-200' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
      data-testid={testId}
    >
      {children}
      <input
        type="file"
        className="sr-only"
        accept={accept}
        multiple
        disabled={disabled}
        aria-label={label}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </label>
  );
}
