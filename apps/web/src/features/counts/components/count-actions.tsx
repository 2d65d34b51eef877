import { useRef, useState } from 'react';
import type { TCountDetail } from '@armazem/contracts/counts';
import { Icon } from '../../../components/ui/icon.tsx';
import { useAppDispatch } from '../../../app/hooks.ts';
import { openModal } from '../../../lib/modal.ts';
import { countUrls } from '../counts-api.ts';
import { SheetUpload } from './sheet-upload.tsx';
import { PermittedButton } from '../../../components/ui/permitted-button.tsx';

/** Sheet download, and the upload of a filled one (previewed, then added or replacing, in SheetUpload). */
function SheetActions({ count }: { count: TCountDetail }) {
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <a className="btn btn-sm" href={countUrls.sheet(count.id)} download>
          <Icon name="download" className="h-4 w-4" /> Baixar planilha de contagem
        </a>
        {count.status === 'open' ? (
          <>
            {/* a real button, reached by Tab and drawn focused like the others, opens the browser's file chooser */}
            <button type="button" className="btn btn-sm" onClick={() => fileInput.current?.click()}>
              <Icon name="upload" className="h-4 w-4" /> Enviar planilha preenchida
            </button>
            <input
              ref={fileInput}
              type="file"
              className="hidden"
              accept=".xlsx,.csv"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="count-sheet-input"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                e.target.value = ''; // the same (corrected) file can be chosen again
              }}
            />
          </>
        ) : null}
      </div>
      {file ? (
        <SheetUpload
          key={`${file.name}:${file.lastModified}`}
          countId={count.id}
          file={file}
          onDone={() => setFile(null)}
        />
      ) : null}
    </div>
  );
}

/** Post, discard an open count or undo a posted one: each asks first, in the shared modal. */
export function CountActions({ count }: { count: TCountDetail }) {
  const dispatch = useAppDispatch();
  const posted = count.status === 'posted';
  const askPost = () =>
    dispatch(
      openModal('COUNT_POST', { countId: count.id, totals: count.totals }, { title: 'Lançar no estoque' }),
    );
  const askRemove = () =>
    dispatch(
      openModal(
        'COUNT_REMOVE',
        { countId: count.id, posted },
        { title: posted ? 'Desfazer balanço' : 'Descartar balanço', size: 'sm' },
      ),
    );
  return (
    <div className="grid gap-3">
      <SheetActions count={count} />
      <div className="flex flex-wrap gap-2">
        {count.status === 'open' ? (
          <PermittedButton action="count.post" className="btn btn-primary" onClick={askPost}>
            Lançar no estoque
          </PermittedButton>
        ) : null}
        {count.status !== 'discarded' ? (
          <PermittedButton
            action={posted ? 'count.undo' : 'count.discard'}
            className="btn btn-outline btn-error"
            onClick={askRemove}
          >
            {posted ? 'Desfazer balanço' : 'Descartar balanço'}
          </PermittedButton>
        ) : null}
      </div>
    </div>
  );
}
