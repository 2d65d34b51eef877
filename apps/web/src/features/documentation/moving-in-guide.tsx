import { SheetColumnsTable } from './sheet-columns-table.tsx';

const CATALOG_COLUMNS: Array<[string, string]> = [
  ['Código', 'Obrigatória. O código (SKU). Se já existe um produto com ele, o produto é atualizado.'],
  ['Nome', 'Obrigatória. O nome do produto.'],
  ['Descrição', 'Opcional. Texto livre.'],
  ['Categoria', 'Obrigatória para produto novo. O nome; um nome que ainda não existe cria a categoria.'],
  ['Unidade', 'Obrigatória para produto novo. O código da unidade base (UN, KG, L, CX…).'],
  ['Código de barras', 'Opcional. GTIN/EAN com o dígito verificador correto.'],
  ['NCM', 'Recomendada. 8 dígitos (pode ter pontos). Sem NCM, o inventário fiscal mostra um aviso.'],
  ['CEST', 'Opcional. 7 dígitos.'],
  ['Estoque mínimo', 'Opcional. Na unidade base.'],
  ['Preço de custo, Preço de venda', 'Opcionais. Um novo preço só é registrado quando muda.'],
  ['Embalagem', 'Opcional. Tipo e quantidade de unidades base, como "Caixa c/ 12".'],
  ['Código de barras da embalagem', 'Opcional. O GTIN da embalagem.'],
  ['Tipo do item', 'Opcional. O tipo do item da EFD (00 mercadoria para revenda, o padrão).'],
];

/** The guide's "moving in" section: the catalog sheet, opening balances, categories and units. */
export function MovingInGuide() {
  return (
    <section className="mb-8" id="mudanca">
      <h2 className="mb-2 text-xl font-semibold">Mudança para o Armazém</h2>
      <p className="mb-3">
        Quem chega com o cadastro em outro sistema ou numa planilha entra no Armazém em três passos:
        categorias e unidades, a planilha de produtos e o saldo inicial.
      </p>
      <h3 className="mb-1 font-semibold">1. Categorias e unidades</h3>
      <p className="mb-3">
        As categorias podem vir prontas na planilha de produtos: um nome de categoria que ainda não existe é
        criado na importação (maiúsculas e acentos não contam: &quot;Bebidas&quot; e &quot;bebidas&quot; são a
        mesma). Unidades (UN, KG, L…) e tipos de embalagem (Caixa, Fardo, Pacote…) precisam existir antes:
        confira em Unidades e Embalagens e cadastre o que faltar. A unidade é indicada pelo código; a
        embalagem pelo nome do tipo.
      </p>
      <h3 className="mb-1 font-semibold">2. Planilha de produtos</h3>
      <p className="mb-3">
        Em Produtos, clique em <strong>Importar planilha</strong> e baixe o modelo. Preencha uma linha por
        produto (até 50.000 por arquivo, .xlsx ou .csv) e escolha o arquivo: a prévia mostra, em cada linha,
        se o produto é novo, alterado ou fica sem mudança, e os erros na coluna em que estão. A importação é
        tudo ou nada: corrija as linhas com erro e escolha o arquivo de novo. Para alterar muitos produtos de
        uma vez, use <strong>Exportar</strong> na lista de produtos: o arquivo tem as mesmas colunas do
        modelo; altere e importe de volta. Uma coluna que não está na planilha não altera os produtos
        cadastrados.
      </p>
      <SheetColumnsTable label="Colunas da planilha de produtos" columns={CATALOG_COLUMNS} />
      <h3 className="mt-3 mb-1 font-semibold">3. Saldo inicial</h3>
      <p>
        A planilha de produtos não lança estoque. O saldo de abertura entra pela planilha mensal de
        movimentação: baixe o modelo em Movimentação e preencha uma linha por produto com a{' '}
        <strong>Data</strong> da abertura (por exemplo, o primeiro dia do mês em que você começa a usar o
        Armazém), o <strong>Código</strong>, o <strong>Tipo</strong> Entrada, a <strong>Quantidade</strong>{' '}
        contada e o <strong>Custo Unitário</strong> de cada unidade. Importe-a nesse mês: cada linha vira uma
        entrada e o custo médio de cada produto começa pelo custo informado. Uma só planilha aceita até 50.000
        produtos. Depois disso, registre as movimentações normalmente; um saldo inicial errado se corrige
        excluindo a importação em Movimentação e importando de novo.
      </p>
    </section>
  );
}
