/** More than one place: establishments, depósitos, transfers and whose inventory (DESIGN.md §6.3). */
export function PlacesGuide() {
  return (
    <section className="mb-8" id="depositos-e-filiais">
      <h2 className="mb-2 text-xl font-semibold">Depósitos, filiais e transferências</h2>
      <p className="mb-3">
        A empresa começa com um estabelecimento, a <em>Matriz</em> (o CNPJ de Configurações), e um depósito,
        &quot;Principal&quot;. Em Configurações → Estabelecimentos e depósitos, cadastre outros depósitos
        (loja, depósito, prateleira…) e as filiais (o mesmo começo de CNPJ), cada uma com o seu depósito
        padrão.
      </p>
      <ul className="mb-3 list-disc space-y-2 pl-6">
        <li>
          <strong>Cada movimento tem um depósito.</strong> Entradas, saídas e balanços sem depósito escolhido
          vão para o seu depósito padrão (se você tiver um) ou para o padrão da matriz. Nenhum depósito fica
          negativo em nenhuma data: uma saída maior do que o depósito tem é recusada com a data e o depósito.
        </li>
        <li>
          <strong>Custo médio por estabelecimento.</strong> Cada CNPJ tem o seu custo médio. O valor de um
          depósito é a quantidade dele pelo custo médio do seu estabelecimento.
        </li>
        <li>
          <strong>Transferências.</strong> Entre depósitos do mesmo estabelecimento, a mercadoria muda de
          lugar sem mudar o valor nem o custo médio. Entre estabelecimentos, sai da origem pelo custo médio de
          lá e entra no destino por esse mesmo custo. Uma transferência é desfeita inteira, nunca um lado só.
        </li>
        <li>
          <strong>Notas fiscais.</strong> Cada NF-e vai para o estabelecimento que ela nomeia (destinatário ou
          emitente). A nota de transferência entre dois estabelecimentos da empresa (CFOP 5.152, 6.152…) lança
          os dois lados de uma vez e só uma vez, seja qual for a via do XML importada primeiro.
        </li>
        <li>
          <strong>Relatórios.</strong> Estoque, entradas, saídas e kardex podem ser vistos por estabelecimento
          ou por depósito. O inventário, o livro e o Bloco H são de um estabelecimento por vez: cada CNPJ
          entrega os seus.
        </li>
      </ul>
    </section>
  );
}
