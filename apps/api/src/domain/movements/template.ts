import ExcelJS from 'exceljs';
import { COLUMNS } from './sheet-columns.ts';

/** The model's header: the sheet's columns in order, named as the import reads them. */
export const TEMPLATE_HEADER = Object.values(COLUMNS).map((column) => column.label);

const HELP: Array<[string, string, string]> = [
  [
    'Data',
    'Obrigatória',
    'Dia do movimento, dentro do mês escolhido na importação (dd/mm/aaaa ou data da planilha).',
  ],
  [
    'Código',
    'Obrigatória',
    'Código (SKU) do produto cadastrado, ou o código de barras de uma embalagem dele.',
  ],
  ['Tipo', 'Obrigatória', 'Entrada ou Saída (também E ou S).'],
  [
    'Quantidade',
    'Obrigatória',
    'Maior que zero, na unidade da coluna Unidade. Aceita 1.234,5 ou 1234.5; até 3 casas decimais.',
  ],
  [
    'Unidade',
    'Opcional',
    'A embalagem (ex.: Caixa c/ 12 UN) ou o código da unidade. Em branco: a unidade base do produto.',
  ],
  [
    'Custo Unitário',
    'Obrigatória nas entradas',
    'Custo de uma unidade da embalagem informada (ex.: 120,00 por caixa). Nas saídas é ignorado: a saída sai pelo custo médio.',
  ],
  ['Fornecedor', 'Opcional', 'CNPJ ou CPF de um fornecedor cadastrado (só nas entradas).'],
  ['Documento', 'Opcional', 'Número da nota fiscal ou de outro documento (até 60 caracteres).'],
  ['Observação', 'Opcional', 'Texto livre.'],
  ['Motivo', 'Opcional', 'Só nas saídas: venda, consumo, perda, devolucao ou ajuste. Em branco: venda.'],
];

/** The monthly sheet's model: header, an example row, and a second sheet explaining each column. */
export async function buildTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Armazém';
  const sheet = workbook.addWorksheet('Movimentação');
  sheet.columns = TEMPLATE_HEADER.map((header) => ({
    header,
    key: header,
    width: Math.max(14, header.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const today = new Date();
  sheet.addRow([
    new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)),
    'ARROZ-5KG',
    'Entrada',
    10,
    'Fardo c/ 6 UN',
    150.9,
    '12.ABC.345/01DE-35',
    'NF 1234',
    'Exemplo: apague esta linha',
    '',
  ]);
  sheet.getColumn(1).numFmt = 'dd/mm/yyyy';
  sheet.getColumn(6).numFmt = '#,##0.00';
  const help = workbook.addWorksheet('Instruções');
  help.columns = [
    { header: 'Coluna', key: 'column', width: 18 },
    { header: 'Preenchimento', key: 'required', width: 24 },
    { header: 'Como preencher', key: 'how', width: 100 },
  ];
  help.getRow(1).font = { bold: true };
  for (const [column, required, how] of HELP) help.addRow({ column, required, how });
  help.addRow({});
  help.addRow({
    how: 'A primeira linha da aba Movimentação é o cabeçalho; as colunas podem estar em qualquer ordem. Linhas em branco são ignoradas.',
  });
  help.addRow({
    how: 'A importação é tudo ou nada: se alguma linha tiver erro, nada é gravado e a prévia mostra cada problema na sua linha.',
  });
  help.addRow({
    how: 'Também é aceito .csv separado por ponto e vírgula (;) ou vírgula, em UTF-8 ou no padrão do Excel (Windows-1252).',
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
