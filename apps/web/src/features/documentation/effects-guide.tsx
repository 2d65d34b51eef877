import { EFFECT_LABELS, effectTable } from '@armazem/contracts/fiscal-effects';

const cfops = (kind: 'exit' | 'entry', operations: string[]) =>
  operations.map((op) => `${kind === 'exit' ? 'x' : 'y'}.${op}`).join(', ');

/** User guide page "O que cada nota faz no estoque": the effect table of the contracts, as the import reads it. */
export function EffectsGuide() {
  const rows = effectTable();
  return (
    <section className="mb-8" id="efeito-das-notas">
      <h2 className="mb-2 text-xl font-semibold">O que cada nota faz no estoque</h2>
      <p className="mb-2">
        Cada item de uma NF-e recebe um efeito antes de mexer no estoque. O efeito vem de quem emitiu a nota
        (um fornecedor ou cliente, ou a própria empresa), do tipo da nota (entrada ou saída), da finalidade
        (complementar, ajuste e notas de crédito/débito não movem mercadoria) e do CFOP do item, pela tabela
        abaixo. Nas notas de terceiros o Armazém lê a operação do nosso lado: a venda do fornecedor é a nossa
        compra. O administrador pode trocar o efeito de um CFOP em Configurações. &quot;Decidir na
        importação&quot; quer dizer que a pessoa escolhe o efeito do item na prévia.
      </p>
      <p className="mb-2 text-sm">
        Na tabela, x é 5, 6 ou 7 (saída do emitente) e y é 1, 2 ou 3 (entrada do emitente).
      </p>
      <div className="overflow-x-auto">
        <table className="table-sm table" aria-label="Efeito de cada CFOP no estoque">
          <thead>
            <tr>
              <th scope="col">CFOP</th>
              <th scope="col">Nota de terceiro</th>
              <th scope="col">Nota emitida pela empresa</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.operations.join()}`}>
                <td className="max-w-xs">{cfops(row.kind, row.operations)}</td>
                <td>{EFFECT_LABELS[row.thirdParty]}</td>
                <td>{EFFECT_LABELS[row.issuedByUs]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mb-2">
        A assinatura digital da nota é conferida: uma nota alterada depois de assinada, sem assinatura ou
        assinada pelo certificado de outro CNPJ é recusada, dizendo o que falhou; a prévia mostra quem
        assinou, quem emitiu o certificado e a validade dele (a cadeia do certificado e a revogação precisam
        da internet e não são conferidas). Antes da primeira nota, informe o CNPJ da empresa em Configurações.
        Uma nota cancelada (protocolo de cancelamento) é recusada; o XML do evento de cancelamento, importado
        aqui, desfaz a nota que já tinha entrado.
      </p>
      <p className="mt-2">
        Compras e bonificações recebidas entram no estoque próprio; a bonificação entra a custo zero (diluindo
        o custo médio) ou pelo valor da nota, como escolhido em Configurações. Vendas, devoluções de compra e
        bonificações dadas saem pelo custo médio da data. A devolução de um cliente volta pelo custo com que a
        venda saiu, quando a nota devolvida (referenciada na devolução) foi importada; senão, pelo custo médio
        da data, e a prévia avisa. Itens sem efeito (uso e consumo, ativo imobilizado, serviços, complementos)
        não precisam de produto e ficam registrados na nota.
      </p>
      <p className="mt-2">
        Mercadoria de terceiro em nosso poder (consignação recebida, conserto, industrialização, depósito,
        demonstração) fica numa conta à parte, por participante: não entra no nosso estoque nem no nosso
        valor. Mercadoria nossa enviada a terceiro (consignação, conserto, remessa para industrialização)
        continua nossa, pelo custo com que saiu, e aparece como em poder daquele participante até voltar. A
        lista de estoque mostra as duas quantidades ao lado da própria; o inventário, o livro e o Bloco H as
        listam separadas (IND_PROP 1 e 2, com o participante no registro 0150). Nenhuma das contas fica
        negativa em data alguma. Transferências entre estabelecimentos ainda não são lançadas pela importação
        de nota avulsa.
      </p>
    </section>
  );
}
