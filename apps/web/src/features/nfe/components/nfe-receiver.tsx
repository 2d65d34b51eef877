import { useState } from 'react';
import type { TNfePreview } from '@armazem/contracts/nfe';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { usePreviewNfeMutation } from '../nfe-api.ts';
import { NfePreviewPanel } from './nfe-preview-panel.tsx';
import { FileDropZone } from './file-drop-zone.tsx';

function DropZone({ onFiles }: { onFiles: (files: FileList | null) => void }) {
  return (
    <FileDropZone
      onFiles={onFiles}
      accept=".xml,application/xml,text/xml"
      label="XML da NF-e"
      testId="nfe-drop-zone"
    >
      <span>Arraste aqui o XML da NF-e (um ou vários) ou clique para escolher</span>
      <span className="text-base-content/70 text-sm">
        Arquivo .xml da nota autorizada, até 5 MB. Nada é gravado antes de Importar.
      </span>
    </FileDropZone>
  );
}

/** Drop one or several XML files; each is previewed in turn, imported or skipped, then the next one. */
export function NfeReceiver() {
  const [queue, setQueue] = useState<File[]>([]);
  const [current, setCurrent] = useState<{ file: File; preview: TNfePreview } | null>(null);
  const [previewNfe, { isLoading }] = usePreviewNfeMutation();

  const previewNext = async (files: File[]) => {
    let rest = files;
    while (rest.length > 0) {
      const [file, ...others] = rest;
      rest = others;
      if (!file) continue;
      const result = await previewNfe(file);
      // a refused file shows the server's message (the API client's notification) and the next one is read
      if ('data' in result && result.data) {
        setCurrent({ file, preview: result.data });
        setQueue(rest);
        return;
      }
    }
    setCurrent(null);
    setQueue([]);
  };
  const add = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    if (picked.length === 0) return;
    if (current) setQueue((waiting) => [...waiting, ...picked]);
    else void previewNext(picked);
  };
  const next = () => void previewNext(queue);

  return (
    <TitleCard
      title="Receber mercadorias"
      actions={
        current ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={next}>
            {queue.length > 0 ? 'Pular esta nota' : 'Descartar'}
          </button>
        ) : null
      }
    >
      <DropZone onFiles={add} />
      {isLoading ? (
        <p className="mt-2 text-sm" role="status">
          Lendo a nota…
        </p>
      ) : null}
      {queue.length > 0 ? (
        <p className="mt-2 text-sm">
          {queue.length} {queue.length === 1 ? 'nota espera' : 'notas esperam'} a vez.
        </p>
      ) : null}
      {current ? (
        <div className="mt-4">
          <NfePreviewPanel
            key={current.preview.accessKey}
            file={current.file}
            preview={current.preview}
            onDone={next}
          />
        </div>
      ) : null}
    </TitleCard>
  );
}
