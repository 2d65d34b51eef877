import { useState } from 'react';
import type { TBatchImportData, TBatchPreview, TBatchResult } from '@armazem/contracts/document-batches';
import { countLabel } from '@armazem/contracts/plural';
import { useAppDispatch } from '../../../../app/hooks.ts';
import { api } from '../../../../lib/api.ts';
import { TitleCard } from '../../../../components/ui/title-card.tsx';
import { documentsForm, useDocumentsUpload } from '../../batch-upload.ts';
import { MAX_UPLOAD_BYTES } from '../../batch-choices.ts';
import { AFFECTED } from '../../nfe-api.ts';
import { BatchDropZone, UploadStatus } from './batch-drop-zone.tsx';
import { BatchPreview } from './batch-preview.tsx';
import { BatchResultSummary } from './batch-result.tsx';

type Step =
  | { kind: 'pick' }
  | { kind: 'preview'; files: File[]; preview: TBatchPreview }
  | { kind: 'done'; result: TBatchResult };

function Refusal({ message }: { message: string }) {
  return (
    <div role="alert" className="alert alert-error mt-3" data-testid="batch-refusal">
      {message}
    </div>
  );
}

function fileNames(files: readonly File[]): string {
  if (files.length === 1) return files[0]?.name ?? '';
  return countLabel(files.length, 'arquivo', 'arquivos');
}

/**
 * A month of documents in one go (DESIGN.md §6.4): the files are sent, read and previewed (nothing stored), the
 * person resolves codes and effects, imports all at once, and sees what was posted.
 */
export function BatchImporter() {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const upload = useDocumentsUpload();
  const [reading, setReading] = useState('Lendo os documentos…');

  const preview = async (files: File[], ignored: string[]) => {
    setLeftOut(ignored);
    setStep({ kind: 'pick' });
    if (files.length === 0) return;
    // the server refuses more than this anyway: said before a long upload, not after it
    if (files.reduce((sum, file) => sum + file.size, 0) > MAX_UPLOAD_BYTES) {
      upload.refuse('Os arquivos passam de 100 MB: envie o mês em partes menores.');
      return;
    }
    setReading('Lendo os documentos…');
    const answer = await upload.run<TBatchPreview>('/preview', documentsForm(files));
    if (answer) setStep({ kind: 'preview', files, preview: answer.data });
  };
  const runImport = async (files: File[], data: TBatchImportData) => {
    setReading('Importando os documentos…');
    const answer = await upload.run<TBatchResult>('', documentsForm(files, data));
    if (!answer) return;
    // the import went around RTK Query: the lists it changed reload as after any other import
    dispatch(api.util.invalidateTags([...AFFECTED]));
    setStep({ kind: 'done', result: answer.data });
  };
  const busy = upload.progress !== null;

  return (
    <TitleCard
      title="Lote de documentos"
      actions={
        step.kind === 'preview' && !busy ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setStep({ kind: 'pick' })}>
            Descartar
          </button>
        ) : null
      }
    >
      {step.kind === 'done' ? null : <BatchDropZone disabled={busy} onFiles={(f, l) => void preview(f, l)} />}
      {leftOut.length > 0 ? (
        <p className="text-warning mt-2 text-sm" role="alert">
          Deixados de fora (só .xml ou .zip): {leftOut.join(', ')}
        </p>
      ) : null}
      <UploadStatus progress={upload.progress} reading={reading} />
      {/* an import refused shows by its button, under the preview; any other refusal here */}
      {upload.refusal && step.kind !== 'preview' ? <Refusal message={upload.refusal} /> : null}
      {step.kind === 'preview' ? (
        <div className="mt-4 flex flex-col gap-2">
          <p className="text-sm" role="status">
            Arquivos lidos: {fileNames(step.files)}
          </p>
          <BatchPreview
            key={step.files.map((f) => f.name).join('\u0000')}
            preview={step.preview}
            busy={busy}
            refusal={upload.refusal ? <Refusal message={upload.refusal} /> : null}
            onImport={(data) => void runImport(step.files, data)}
          />
        </div>
      ) : null}
      {step.kind === 'done' ? (
        <BatchResultSummary result={step.result} onAgain={() => setStep({ kind: 'pick' })} />
      ) : null}
    </TitleCard>
  );
}
