import { Link } from 'react-router';
import { ModalButton } from '../../components/ui/modal-button.tsx';
import { paths } from '../../config/paths.ts';

/** Início's way in for a new shop: the "Primeiros passos" guide and the catalog import, one click each (issue 33). */
export function FirstSteps() {
  return (
    <div className="alert bg-base-100 flex flex-wrap items-center gap-3 shadow-sm" data-testid="first-steps">
      <span className="grow">
        Começando agora? Siga os primeiros passos ou traga seus produtos de uma planilha.
      </span>
      <Link className="btn btn-sm" to={`${paths.documentation}#primeiros-passos`}>
        Primeiros passos
      </Link>
      <ModalButton
        modal="CATALOG_IMPORT"
        extra={{}}
        options={{ title: 'Importar planilha de produtos', size: 'lg' }}
      >
        Importar catálogo
      </ModalButton>
    </div>
  );
}
