import ExcelJS from 'exceljs';
import { CATALOG_COLUMN_TITLES } from '@armazem/contracts/catalog-import';

const HELP: Array<[string, string, string]> = [
  [
    'Código',
    'Obrigatória',
    'O código (SKU) do produto. Se já existir um produto com este código, ele é atualizado.',
  ],
  ['Nome', 'Obrigatória', 'O nome do produto (até 200 caracteres).'],
  [
    'Descrição',
    'Opcional',
    'Texto livre (até 2.000 caracteres). Em branco apaga a descrição de um produto cadastrado.',
  ],
  [
    'Categoria',
    'Obrigatória para produto novo',
    'O nome da categoria. Um nome que ainda não existe cria a categoria.',
  ],
  [
    'Unidade',
    'Obrigatória para produto novo',
    'O código da unidade base (UN, KG, L, CX…), cadastrada em Unidades. Não muda em produto já cadastrado.',
  ],
  ['Código de barras', 'Opcional', 'GTIN/EAN de 8, 12, 13 ou 14 dígitos, com o dígito verificador correto.'],
  [
    'NCM',
    'Recomendada',
    '8 dígitos (pode ter pontos: 2101.11.10). Sem NCM o produto aparece com aviso no inventário.',
  ],
  ['CEST', 'Opcional', '7 dígitos, para produtos com substituição tributária.'],
  [
    'Estoque mínimo',
    'Opcional',
    'Na unidade base. Em branco: 0 para produto novo; o mínimo atual para produto cadastrado.',
  ],
  ['Preço de custo', 'Opcional', 'Em reais, como 12,50. Um novo preço só é registrado quando muda.'],
  [
    'Preço de venda',
    'Opcional',
    'Em reais, como 19,90. Se só um dos preços for informado, o outro fica como está.',
  ],
  [
    'Embalagem',
    'Opcional',
    'Tipo e quantidade de unidades base, como "Caixa c/ 12". O tipo (Caixa, Fardo…) precisa estar cadastrado em Embalagens; a embalagem do produto com essa quantidade é criada se faltar.',
  ],
  ['Código de barras da embalagem', 'Opcional', 'GTIN/EAN da embalagem da coluna anterior.'],
  [
    'Tipo do item',
    'Opcional',
    'Tipo do item da EFD (00 mercadoria para revenda, 01 matéria-prima, 07 uso e consumo…). Em branco: 00.',
  ],
];

const NOTES = [
  'A primeira linha da aba Produtos é o cabeçalho; as colunas podem estar em qualquer ordem e só Código e Nome são obrigatórias. Uma coluna que não está na planilha não altera os produtos cadastrados.',
  'Números à brasileira: vírgula separa os decimais e ponto os milhares (1.234,56). Até 50.000 linhas por arquivo.',
  'A importação é tudo ou nada: se alguma linha tiver erro, nada é gravado e a prévia mostra cada problema na sua linha. Um mesmo código em duas linhas é erro.',
  'Também é aceito .csv separado por ponto e vírgula (;) ou vírgula, em UTF-8 ou no padrão do Excel (Windows-1252).',
  'Dica: em Produtos, "Exportar" gera esta mesma planilha com o cadastro atual. Altere o que quiser e importe de volta.',
  '',
  'Saldo inicial (estoque de abertura): a planilha de produtos cadastra os produtos, mas não lança estoque.',
  'Depois de importá-la, baixe o modelo da planilha mensal em Movimentação e preencha uma linha por produto: Data = o dia da abertura (por exemplo, o último dia do mês anterior ao início do uso), Código, Tipo = Entrada, Quantidade = o saldo contado, Custo Unitário = o custo de cada unidade.',
  'Importe essa planilha no mês da data escolhida: cada linha vira uma entrada e o custo médio de cada produto começa pelo custo informado. Até 50.000 produtos numa só planilha.',
];

/** The catalog sheet's model: header, two example rows, and an instructions sheet (columns and opening balances). */
export async function buildCatalogTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Armazém';
  const sheet = workbook.addWorksheet('Produtos');
  sheet.columns = CATALOG_COLUMN_TITLES.map((header) => ({
    header,
    key: header,
    width: Math.max(14, header.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const column of [1, 6, 7, 8, 13, 14]) sheet.getColumn(column).numFmt = '@';
  for (const column of [10, 11]) sheet.getColumn(column).numFmt = '#,##0.00';
  sheet.addRow([
    'CAFE-500G',
    'Café torrado 500 g',
    'Exemplo: apague esta linha',
    'Mercearia',
    'UN',
    '7894900011517',
    '09012100',
    '',
    10,
    12.5,
    19.9,
    'Caixa c/ 12',
    '17894900011514',
    '00',
  ]);
  sheet.addRow([
    'ARROZ-5KG',
    'Arroz tipo 1 5 kg',
    '',
    'Mercearia',
    'UN',
    '',
    '10063021',
    '',
    0,
    21.3,
    29.9,
    'Fardo c/ 6',
    '',
    '00',
  ]);
  const help = workbook.addWorksheet('Instruções');
  help.columns = [
    { header: 'Coluna', key: 'column', width: 30 },
    { header: 'Preenchimento', key: 'required', width: 30 },
    { header: 'Como preencher', key: 'how', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const [column, required, how] of HELP) help.addRow({ column, required, how });
  help.addRow({});
  for (const how of NOTES) help.addRow({ how });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
