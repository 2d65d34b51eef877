import { useState } from 'react';
import type { TCatalogAction, TCatalogPreview, TCatalogRow } from '@armazem/contracts/catalog-import';
import { countLabel } from '@armazem/contracts/plural';
import { ModalActions } from '../../../components/ui/modal-actions.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { SheetPreviewTable, type PreviewColumn } from '../../../components/ui/sheet-preview-table.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { usePermitted } from '../../../lib/permissions-api.ts';
import { PERMISSIONS } from '@armazem/contracts/permissions';
import { catalogUrls, useImportCatalogMutation, usePreviewCatalogMutation } from '../catalog-import-api.ts';

const ACTIONS: Record<TCatalogAction, string> = {
  create: 'Novo',
  update: 'Alterado',
  unchanged: 'Sem mudança',
};

const COLUMNS: Array<PreviewColumn<TCatalogRow>> = [
  { header: 'Código', className: 'font-mono whitespace-nowrap', cell: (row) => row.sku ?? '—' },
  { header: 'Nome', cell: (row) => row.name ?? '—' },
  { header: 'Ação', cell: (row) => (row.errors.length > 0 ? '—' : ACTIONS[row.action]) },
  // what the import records besides the product: a new price and the package read (issue 33)
  { header: 'Custo', className: 'text-right', cell: (row) => formatMoney(row.costPrice) },
  { header: 'Venda', className: 'text-right', cell: (row) => formatMoney(row.salePrice) },
  { header: 'Embalagem', cell: (row) => row.package ?? '—' },
];

function Summary({ preview }: { preview: TCatalogPreview }) {
  const { summary } = preview;
  return (
    <div
      className={`alert ${summary.invalid > 0 ? 'alert-error' : 'alert-success'}`}
      data-testid="catalog-preview-summary"
      role="status"
    >
      <span>
        {preview.fileName}: {countLabel(summary.rows, 'linha', 'linhas')} (
        {countLabel(summary.create, 'novo', 'novos')}, {countLabel(summary.update, 'alterado', 'alterados')},{' '}
        {summary.unchanged} sem mudança) —{' '}
        {summary.invalid > 0
          ? `${summary.invalid} com erro. Corrija a planilha e escolha o arquivo de novo.`
          : `${summary.rows === 1 ? 'válida' : 'todas válidas'}. Clique em Importar.`}
        {summary.newCategories.length > 0 ? ` Categorias novas: ${summary.newCategories.join(', ')}.` : ''}
      </span>
    </div>
  );
}

/** Produtos → "Importar planilha": the template, the chosen file's preview, then the all-or-nothing import. */
export default function CatalogImportModal({ closeModal }: ModalBodyProps<'CATALOG_IMPORT'>) {
  const notify = useNotifySuccess();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TCatalogPreview | null>(null);
  const [previewCatalog, previewing] = usePreviewCatalogMutation();
  const [importCatalog, importing] = useImportCatalogMutation();

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    if (!chosen) return;
    const result = await previewCatalog(chosen);
    if ('data' in result && result.data) setPreview(result.data);
  };

  const submit = async () => {
    if (!file) return;
    const result = await importCatalog(file);
    if ('data' in result && result.data) {
      const { created, updated } = result.data;
      notify(
        `${featureMessages.success.catalogImported} ${countLabel(created, 'novo', 'novos')}, ${countLabel(updated, 'alterado', 'alterados')}.`,
      );
      closeModal();
    }
  };

  // a sheet creates no category its importer could not create directly (DESIGN.md §6.7): said before Importar
  const mayCreate = usePermitted('reference.create');
  const refused = !mayCreate && (preview?.summary.newCategories.length ?? 0) > 0;
  const ready = preview !== null && preview.summary.invalid === 0 && preview.summary.rows > 0 && !refused;
  return (
    <div>
      <p className="text-sm">
        Cadastre ou atualize muitos produtos de uma vez. Baixe o modelo, preencha uma linha por produto (o
        Código de um produto já cadastrado o atualiza) e escolha o arquivo: a prévia mostra o que vai
        acontecer em cada linha.
      </p>
      <a className="link link-primary mt-2 inline-block text-sm" href={catalogUrls.template} download>
        Baixar modelo da planilha de produtos
      </a>
      <fieldset className="fieldset mt-4">
        <label className="fieldset-legend" htmlFor="catalog-sheet">
          Planilha de produtos (.xlsx ou .csv)
        </label>
        <input
          id="catalog-sheet"
          type="file"
          className="file-input w-full"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          onChange={(event) => {
            void choose(event.target.files?.[0] ?? null);
            event.target.value = ''; // choosing the same (fixed) file again previews it again
          }}
        />
      </fieldset>
      {previewing.isLoading ? <p className="mt-4 text-sm">Lendo a planilha…</p> : null}
      {preview ? (
        <div className="mt-4">
          <Summary preview={preview} />
          {refused ? (
            <p className="alert alert-warning mt-2" role="alert" data-testid="catalog-categories-refused">
              Seu perfil não pode criar categorias (permissão "{PERMISSIONS['reference.create'].label}"). Use
              categorias já cadastradas ou peça a um administrador.
            </p>
          ) : null}
          <SheetPreviewTable rows={preview.rows} columns={COLUMNS} />
        </div>
      ) : null}
      <ModalActions
        onCancel={closeModal}
        confirmLabel="Importar"
        onConfirm={submit}
        disabled={!ready || importing.isLoading}
      />
    </div>
  );
}
