import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SheetColumnsTable } from './sheet-columns-table.tsx';
import { MovingInGuide } from './moving-in-guide.tsx';
import { NfeGuide } from './nfe-guide.tsx';
import { EffectsGuide } from './effects-guide.tsx';
import { YearEndGuide } from './year-end-guide.tsx';
import { PlacesGuide } from './places-guide.tsx';
import { AccountantFilesGuide } from './accountant-files-guide.tsx';

const SCREENS: Array<[string, string]> = [
  [
    'Início',
    'Resumo do estoque: total de produtos, valor em estoque, itens abaixo do mínimo, o valor do estoque no fim de cada um dos últimos 12 meses, a curva ABC das saídas dos últimos 90 dias, o que comprar, o estoque parado e as últimas movimentações.',
  ],
  [
    'Análises',
    'Valor do estoque por mês e categoria, curva ABC (A até 80 %, B até 95 %, C o resto), cobertura e giro, estoque parado e sugestão de compra por fornecedor (mínimo + saída por dia × prazo de entrega − saldo). Cada gráfico tem a tabela dos números em "Ver tabela" e cada aba exporta XLSX ou CSV; a sugestão baixa a lista de compras.',
  ],
  [
    'Produtos',
    'Cadastro de produtos com código (SKU), categoria, unidade base, estoque mínimo e código de barras (GTIN). Cada produto pode ter embalagens (ex.: Caixa c/ 12 UN) e um histórico de preços de custo e de venda.',
  ],
  [
    'Fornecedores',
    'Cadastro de fornecedores com CNPJ (numérico ou alfanumérico) ou CPF, e-mail, telefone e prazo de entrega em dias (usado na sugestão de compra). Vincule os produtos que cada fornecedor entrega.',
  ],
  [
    'Categorias, Unidades e Embalagens',
    'Tabelas de referência usadas nos cadastros: categorias de produto, unidades de medida (UN, KG, L…) e tipos de embalagem (Caixa, Fardo, Palete…).',
  ],
  [
    'Estoque',
    'Saldo atual de cada produto na unidade base, custo médio ponderado e valor total; destaca o que está abaixo do mínimo.',
  ],
  [
    'Entradas',
    'Registro de mercadoria recebida: produto, embalagem, quantidade, custo unitário, fornecedor, data e documento (nota fiscal). Cada entrada recalcula o custo médio.',
  ],
  [
    'Saídas',
    'Registro de vendas, consumo, perdas, devoluções e ajustes. Uma saída maior que o saldo é recusada, com a quantidade disponível.',
  ],
  [
    'Movimentação',
    'Importação de uma planilha mensal de entradas e saídas (modelo .xlsx para baixar), com prévia linha a linha antes de importar, e o relatório mensal em PDF.',
  ],
  [
    'Notas fiscais',
    'Recebimento de mercadorias pelo XML da NF-e do fornecedor: prévia com os itens casados, produtos criados na hora, custo pelo regime tributário, importação de uma vez e desfazer.',
  ],
  [
    'Usuários',
    'Somente administradores: aprovar novos cadastros, desativar acessos e trocar o perfil (administrador ou operador).',
  ],
  [
    'Configurações e Meu perfil',
    'Dados da empresa que aparecem nos relatórios; os estabelecimentos (a matriz é a empresa de Configurações, as filiais têm a mesma raiz de CNPJ) e os depósitos de cada um, com o padrão; as permissões dos operadores (o administrador escolhe, ação por ação, se eles podem desfazer NF-e e lotes, excluir planilhas, cancelar movimentos, lançar, desfazer ou descartar balanços, fechar e reabrir o mês, criar categorias, unidades e embalagens, importar a planilha de produtos e cuidar dos depósitos); seu nome e sua senha.',
  ],
];

const SHEET_COLUMNS: Array<[string, string]> = [
  ['Data', 'Data do movimento (dd/mm/aaaa ou data da planilha). Precisa estar dentro do mês escolhido.'],
  ['Código', 'O código (SKU) do produto, ou o código de barras de uma embalagem dele.'],
  ['Tipo', 'Entrada ou Saída (também E ou S).'],
  [
    'Quantidade',
    'Número positivo, com vírgula para os decimais e ponto para os milhares: 1.500 é mil e quinhentos; 1.234,56.',
  ],
  [
    'Unidade',
    'Opcional: a embalagem (ex.: Caixa c/ 12 UN) ou o código da unidade. Sem ela, vale a unidade base.',
  ],
  ['Custo Unitário', 'Obrigatório nas entradas: o custo de uma unidade da embalagem informada.'],
  ['Fornecedor', 'Opcional: CNPJ ou CPF de um fornecedor cadastrado.'],
  ['Documento', 'Opcional: número da nota fiscal ou outro documento.'],
  ['Observação', 'Opcional: texto livre.'],
  ['Motivo', 'Opcional, só nas saídas: venda, consumo, perda, devolucao ou ajuste. Em branco, vale venda.'],
];

/** The user guide: shown at /documentation (public) and at /app/help inside the app. */
// eslint-disable-next-line max-lines-per-function -- one static JSX tree of the guide's text, read top to bottom
export function GuideContent() {
  return (
    <>
      <section className="mb-8" id="primeiros-passos">
        <h2 className="mb-2 text-xl font-semibold">Primeiros passos</h2>
        <ol className="list-decimal space-y-1 pl-6">
          <li>
            Crie sua conta em{' '}
            <Link className="link" to={paths.register}>
              Cadastre-se
            </Link>
            . O primeiro cadastro vira administrador; os seguintes aguardam aprovação em Usuários.
          </li>
          <li>Em Configurações, informe o nome e o CNPJ da empresa (aparecem nos relatórios).</li>
          <li>Cadastre fornecedores e produtos, com as embalagens em que você compra e vende.</li>
          <li>Registre entradas e saídas, ou importe a planilha do mês em Movimentação.</li>
        </ol>
      </section>

      <section className="mb-8">
        <h2 className="mb-2 text-xl font-semibold">Listas</h2>
        <p>
          Clique no título de uma coluna para ordenar por ela; clique de novo para inverter a ordem. Nomes são
          ordenados sem diferença de maiúsculas ou acentos (Água fica junto dos A). A busca, os filtros, a
          ordem e a página ficam no endereço da tela: recarregar, voltar ou enviar o link mostra a mesma
          lista. No celular, a tabela rola para o lado dentro do seu quadro. Este guia também fica em Ajuda,
          no menu.
        </p>
      </section>

      <section className="mb-8">
        <h2 className="mb-2 text-xl font-semibold">O que cada tela faz</h2>
        <dl className="space-y-3">
          {SCREENS.map(([name, text]) => (
            <div key={name}>
              <dt className="font-semibold">{name}</dt>
              <dd className="text-base-content/80">{text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <MovingInGuide />

      <section className="mb-8">
        <h2 className="mb-2 text-xl font-semibold">Planilha mensal de movimentação</h2>
        <p className="mb-3">
          Aceita .xlsx ou .csv (separado por ponto e vírgula ou vírgula, em UTF-8 ou no padrão do Excel
          brasileiro), até 10 MB e 50.000 linhas. Baixe o modelo em Movimentação. A primeira linha é o
          cabeçalho; as colunas podem vir em qualquer ordem e os nomes são reconhecidos sem diferença de
          maiúsculas ou acentos. A importação é tudo ou nada: se uma linha tiver erro, nada é gravado e a
          prévia mostra cada problema na sua linha e coluna.
        </p>
        <SheetColumnsTable label="Colunas da planilha" columns={SHEET_COLUMNS} />
      </section>

      <NfeGuide />
      <EffectsGuide />
      <YearEndGuide />
      <AccountantFilesGuide />
      <PlacesGuide />

      <section className="mb-8">
        <h2 className="mb-2 text-xl font-semibold">Como os números são calculados</h2>
        <p>
          Números se digitam do jeito brasileiro em todas as telas e planilhas: vírgula para os decimais e
          ponto para os milhares (1.500 é mil e quinhentos; 12,5 é doze e meio). Cada campo mostra como leu o
          número antes de salvar. Quantidades têm até 3 casas decimais e valores até 4, guardados de forma
          exata (sem arredondamentos de ponto flutuante). Custos e preços por unidade aparecem com todas as
          casas guardadas (R$ 0,0125), e totais em centavos (R$ 1.234,57). Limites: 1.000.000 por
          movimentação, 100.000 unidades por embalagem, R$ 1.000.000,00 de custo ou preço unitário, e por
          produto um saldo de até 1.000.000.000.000 unidades e R$ 1.000.000.000.000,00. O estoque usa o custo
          médio ponderado pela data de cada movimento: cada entrada recalcula o custo médio e cada saída sai
          pelo custo médio da sua data. Num mesmo dia, as entradas contam antes das saídas, em qualquer ordem
          que tenham sido digitadas. O saldo nunca fica negativo em nenhuma data e é sempre a soma das
          entradas menos as saídas.
        </p>
      </section>

      <section>
        <h2 className="mb-2 text-xl font-semibold">Categorias, unidades e embalagens</h2>
        <p className="mb-2">
          O Armazém já vem com categorias, unidades (UN, KG, L, CX…) e tipos de embalagem comuns. Um
          administrador inclui (ou um operador com essa permissão, também pela planilha de produtos),
          renomeia, desativa ou exclui os da empresa nas telas Categorias, Unidades e Embalagens, que mostram
          quantos produtos usam cada um. Nomes não se repetem, nem com outra caixa ou acento ("Pães" e "paes"
          são o mesmo nome). O que já tem produtos não pode ser excluído: desative para que suma dos
          formulários; se uma unidade aceita frações não muda depois que algum produto a usa.
        </p>
        <p className="mb-2">
          Desativar não mexe nos produtos que já usam a categoria, a unidade ou a embalagem: eles continuam
          com ela, ao editar o produto (a categoria aparece marcada "(desativada)") e ao importar a planilha
          de produtos. Só nenhum produto novo a recebe, e nenhum produto passa para ela. O tipo de embalagem
          Avulsa, o da unidade base de todo produto, não pode ser desativado.
        </p>
        <p>
          Cada produto tem NCM (8 dígitos), CEST (opcional) e o tipo do item do SPED. Um produto sem NCM é
          aceito, mas fica marcado "Sem NCM" e aparece separado no inventário para o contador.
        </p>
      </section>

      <section>
        <h2 className="mb-2 text-xl font-semibold">Exportar listas</h2>
        <p>
          Toda lista paginada (fornecedores, estoque, entradas, saídas, movimentações, usuários) tem o botão
          Exportar: escolha Planilha Excel (.xlsx) ou Texto CSV (.csv) e o arquivo traz todas as linhas que
          atendem aos filtros da tela (até 100.000), com números como números e datas como datas. O CSV usa
          ponto e vírgula e abre direto no Excel em português.
        </p>
      </section>

      <section>
        <h2 className="mb-2 text-xl font-semibold">Instalação e banco de dados</h2>
        <p className="mb-2">
          Com Node.js 24, <code>npm install &amp;&amp; npm start</code> sobe o Armazém em
          http://localhost:3000 com um banco SQLite embutido na pasta <code>data/</code> (ou em{' '}
          <code>DATA_DIR</code>). Faça cópia de segurança dessa pasta.
        </p>
        <p className="mb-2">
          Para usar PostgreSQL (várias instâncias, muitos usuários ou relatórios pesados), crie um banco vazio
          e inicie com
          <code> DATABASE_URL=postgres://usuario:senha@servidor:5432/armazem npm start</code>. As tabelas são
          criadas sozinhas na primeira partida.
        </p>
        <p>
          Para enviar e-mails de recuperação de senha, defina <code>SMTP_URL</code> (ex.:
          smtp://usuario:senha@smtp.exemplo.com:587) e<code> PUBLIC_URL</code> com o endereço pelo qual os
          usuários acessam o sistema. Sem SMTP, a mensagem com o link fica no log do servidor. A documentação
          técnica da API está em{' '}
          <a className="link" href="/api/docs">
            /api/docs
          </a>
          .
        </p>
      </section>
    </>
  );
}
