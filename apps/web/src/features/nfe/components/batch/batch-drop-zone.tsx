import { FileDropZone } from '../file-drop-zone.tsx';
import type { UploadProgress } from '../../batch-upload.ts';

/** Only .xml and .zip files go: anything else dropped by mistake is left out, and said so. */
const ACCEPTED = /\.(xml|zip)$/i;

/**
 * The month's files: many XML (NF-e, NFC-e, cancellation events) or one .zip, dropped or chosen. The file input
 * inside the label is the keyboard's stop; the dashed area shows where it is.
 */
export function BatchDropZone({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[], leftOut: string[]) => void;
}) {
  const take = (list: FileList | null) => {
    const all = [...(list ?? [])];
    if (all.length === 0 || disabled) return;
    onFiles(
      all.filter((file) => ACCEPTED.test(file.name)),
      all.filter((file) => !ACCEPTED.test(file.name)).map((file) => file.name),
    );
  };
  return (
    <FileDropZone
      onFiles={take}
      accept=".xml,.zip,application/xml,text/xml,application/zip"
      label="Arquivos XML ou .zip do lote"
      testId="batch-drop-zone"
      disabled={disabled}
    >
      <span>
        Arraste aqui os XML do mês (NF-e, NFC-e e cancelamentos) ou um .zip com eles, ou clique para escolher
      </span>
      <span className="text-base-content/70 text-sm">
        Até 20.000 documentos e 100 MB por envio. Nada é gravado antes de Importar.
      </span>
    </FileDropZone>
  );
}

/** "Enviando… 42 %", then "Lendo os documentos…" while the server works: announced, not only drawn. */
export function UploadStatus({ progress, reading }: { progress: UploadProgress | null; reading: string }) {
  if (!progress) return null;
  const sending = progress.stage === 'sending';
  return (
    <div className="mt-3 flex flex-col gap-1" data-testid="batch-progress">
      <p role="status" className="text-sm">
        {sending ? `Enviando… ${progress.percent} %` : reading}
      </p>
      {sending ? (
        <progress className="progress w-full" value={progress.percent} max={100} aria-hidden="true" />
      ) : (
        <progress className="progress w-full" aria-hidden="true" />
      )}
    </div>
  );
}
