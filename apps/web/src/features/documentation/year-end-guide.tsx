/** The year-end routine: count on 31/12, post, close the month, hand the book and the Bloco H to the accountant. */
export function YearEndGuide() {
  return (
    <section className="mb-8" id="balanco-e-inventario">
      <h2 className="mb-2 text-xl font-semibold">Balanço e inventário de fim de ano</h2>
      <p className="mb-3">
        Toda empresa com estoque precisa registrar, ao fim de cada ano, o estoque existente em 31 de dezembro
        no Livro Registro de Inventário (modelo 7); quem está fora do Simples Nacional também o envia no Bloco
        H da EFD ICMS/IPI de fevereiro. O Armazém faz as duas coisas a partir do próprio estoque:
      </p>
      <ol className="mb-3 list-decimal space-y-2 pl-6">
        <li>
          <strong>Conte no dia 31/12.</strong> Em <em>Balanço</em>, inicie um balanço com a data 31/12 (de
          todas as categorias ou de uma seção por vez). No celular, leia o código de barras de cada produto ou
          embalagem: cada leitura soma uma embalagem (uma caixa de 12 soma 12 unidades); para contar de uma
          vez, digite a quantidade antes de ler; para desfazer uma leitura a mais, digite a quantidade com
          sinal de menos (-1) e leia de novo. Várias pessoas podem contar o mesmo balanço ao mesmo tempo; a
          tela mostra quem contou cada produto. Se preferir papel, baixe a planilha de contagem, preencha a
          coluna &quot;Quantidade contada&quot; e envie de volta.
        </li>
        <li>
          <strong>Confira as diferenças e lance.</strong> Ligue &quot;Só diferenças&quot; para ver o que
          sobrou ou faltou e quanto vale. Ao lançar, cada sobra vira uma entrada de ajuste pelo custo médio do
          dia e cada falta uma saída de ajuste, datadas no dia do balanço. Marque &quot;Considerar os não
          contados como zero&quot; só se o que não foi contado realmente não existe. Um balanço lançado por
          engano pode ser desfeito.
        </li>
        <li>
          <strong>Feche o mês.</strong> Depois do relatório de dezembro, feche o mês em <em>Movimentação</em>:
          nada mais pode ser lançado com data de dezembro, e o inventário de 31/12 não muda.
        </li>
        <li>
          <strong>Entregue ao contador.</strong> Em <em>Inventário</em>, escolha 31/12 e baixe o livro (PDF
          para imprimir ou arquivar, XLSX para conferência) e o arquivo do Bloco H (motivo 01, final do
          período). Os produtos sem NCM aparecem com um aviso: informe o NCM no cadastro antes de gerar os
          arquivos.
        </li>
      </ol>
      <p>
        Os valores usam o custo médio de cada produto na data; o valor de cada item é arredondado ao centavo e
        o total do livro é igual ao VL_INV do Bloco H.
      </p>
    </section>
  );
}
