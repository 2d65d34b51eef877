/** Packages that disagree and many new products at once (docs/decisions/0062). */
function NfePackagesAndProductsGuide() {
  return (
    <p className="mb-2">
      <strong>Embalagem que não confere.</strong> Quando a própria nota diz outra quantidade por embalagem
      (por exemplo 2 CX = 20 UN, ou seja 10 por caixa) do que a embalagem que o Armazém usaria (a aprendida
      daquele código, como Caixa c/ 12, ou a do código de barras, como a unidade), o item mostra um aviso com
      os dois números. Escolha a embalagem certa, ou marque &quot;Confirmo a embalagem&quot; para manter a
      sugerida: sem isso a nota não é importada. <strong>Muitos produtos novos:</strong> &quot;Criar todos os
      não encontrados&quot; prepara um produto novo para cada item sem produto, com a categoria e a unidade
      base escolhidas, o nome da nota sem os códigos do fornecedor (&quot;[JC10013A09] FORNO ELETRICO
      45L&quot; vira &quot;Forno Eletrico 45L&quot;), o código (SKU) e as unidades por embalagem propostos;
      cada um ainda pode ser ajustado na linha. Um produto criado pela nota já fica com o preço de custo da
      entrada (custo por unidade base); o preço de venda fica zerado para você definir.
    </p>
  );
}

/** A month of documents in one go (DESIGN.md §6.4): the "Lote de documentos" mode of Notas fiscais. */
function BatchGuide() {
  return (
    <p className="mb-2">
      <strong>Um mês de documentos de uma vez.</strong> Em Notas fiscais → Lote de documentos, arraste os XML
      do mês (NF-e recebidas ou emitidas, NFC-e emitidas e eventos de cancelamento) ou um .zip com eles, como
      o contador costuma mandar: até 20.000 documentos e 100 MB por envio. A prévia mostra quantos documentos
      são novos, já importados, cancelados, de outra empresa ou com erro (com o motivo), os totais por efeito
      (venda, compra…) para conferir com o relatório de vendas, e os códigos sem produto, agrupados por
      emitente, código e unidade: escolha o produto de cada um ou use &quot;Criar todos como produtos
      novos&quot; com uma categoria e uma unidade base. Itens cujo efeito a tabela não decide pedem a sua
      escolha. As movimentações entram na data de emissão de cada documento (ou hoje, se preferir), todas de
      uma vez ou nenhuma. Em Lotes importados, veja o que cada lote lançou e o que ficou de fora, ou desfaça o
      lote inteiro.
    </p>
  );
}

/** Packages, many new products, and a month at once: what the single-note steps leave out. */
function NfePackagesGuide() {
  return (
    <>
      <NfePackagesAndProductsGuide />
      <BatchGuide />
    </>
  );
}

/** User guide page "Receber mercadorias pela NF-e" (issue 13). */
export function NfeGuide() {
  return (
    <section className="mb-8" id="receber-nfe">
      <h2 className="mb-2 text-xl font-semibold">Receber mercadorias pela NF-e</h2>
      <p className="mb-2">
        Em Estoque → Notas fiscais, arraste o XML da nota que o fornecedor enviou (ou clique para escolher;
        pode ser mais de um arquivo: cada nota aparece por vez). Aceita o XML de distribuição (nfeProc) ou a
        NF-e sozinha, modelo 55, versão 4.00, até 5 MB. Nada é gravado antes de você clicar em Importar.
      </p>
      <ol className="mb-2 list-decimal space-y-1 pl-6">
        <li>
          O Armazém confere a nota: namespace, versão, modelo, a chave de acesso (dígito verificador e se ela
          combina com UF, data, CNPJ do emitente, série, número…) e recusa notas de homologação. Se algo não
          bate, a mensagem diz o quê.
        </li>
        <li>
          O fornecedor é achado pelo CNPJ/CPF; se não existir, é cadastrado na importação com razão social,
          inscrição estadual e endereço da nota.
        </li>
        <li>
          Cada item aparece com uma situação: <strong>encontrado</strong> (pelo código do fornecedor já
          aprendido ou pelo código de barras), <strong>escolher produto</strong> (use a busca ou leia o código
          de barras com o leitor) ou <strong>criar produto</strong> (código, nome, NCM, CEST e GTIN vêm da
          nota).
        </li>
        <li>
          Confira a embalagem em que a nota conta o item. Ao escolher o produto, a tela já propõe a embalagem
          na unidade da nota (uma nota em CX vai para a caixa do produto); se o produto tiver mais de uma ou
          nenhuma que sirva, escolha você. A tela mostra a conversão, por exemplo “1 CX do fornecedor = Caixa
          c/ 12 UN = 12 UN”. Ao criar um produto, informe quantas unidades vêm em cada embalagem do
          fornecedor; o Armazém cria a embalagem do tipo que a unidade da nota indica (FD vira “Fardo c/ N”,
          PCT “Pacote c/ N”) ou, se nenhum tipo ativo tiver esse nome, “Caixa c/ N”. O código de barras da
          embalagem comercial (cEAN) vai para essa embalagem e o da unidade tributável (cEANTrib), quando for
          outro, para o produto; sem embalagem, o produto fica com o cEAN. “SEM GTIN” e códigos com dígito
          errado não são gravados.
        </li>
        <li>
          Confira os totais: a soma dos itens ao lado do total da nota (vNF), com a diferença se houver, e o
          custo que entra no estoque.
        </li>
        <li>
          Escolha a data da entrada (hoje por padrão; nunca antes da emissão nem num mês fechado) e clique em
          Importar. Tudo é gravado de uma vez: fornecedor, produtos novos, entradas no estoque e a nota com o
          XML original, que pode ser baixado depois.
        </li>
      </ol>
      <p className="mb-2">
        Na próxima nota do mesmo fornecedor, os itens já vêm encontrados: o Armazém lembra o que cada código
        do fornecedor (com a unidade dele) é no seu cadastro.
      </p>
      <NfePackagesGuide />
      <p className="mb-2">
        <strong>Custo de cada item</strong> (CPC 16), conforme o regime tributário em Configurações: no
        Simples Nacional, valor dos produtos − desconto + frete + seguro + outras despesas + IPI + ICMS-ST +
        FCP-ST + imposto de importação (vII), sem crédito nenhum; no Lucro Presumido, o mesmo menos o ICMS que
        dá crédito (nada em itens com substituição tributária, nem em produtos de uso e consumo ou ativo
        imobilizado); no Lucro Real, também menos o PIS (1,65%) e a COFINS (7,6%), cada um calculado e
        arredondado à parte e só quando o CST dele na nota dá crédito (nada para CST 04 a 09, como alíquota
        zero ou monofásico). O IPI só é crédito para uma indústria (Configurações → Atividade). A prévia
        mostra o CST e os créditos de cada item. O custo unitário é o custo do item dividido pela quantidade,
        e o total da entrada é exatamente o custo do item.
      </p>
      <p className="mb-2">
        O Armazém guarda quantidades com até 3 casas decimais. Uma quantidade com 4 casas na nota (por exemplo
        1,2345 KG) é arredondada para 1,235 KG, com um aviso no item; o custo do item não muda. Um item que
        arredondado daria zero, ou acima de 1.000.000 (o máximo de uma entrada, como na entrada manual),
        impede a importação da nota. Uma nota denegada pela SEFAZ (uso denegado) é recusada e nunca entra no
        estoque. Uma nota sem o protocolo de autorização da SEFAZ mostra um aviso e só é importada se você
        confirmar. Uma nota destinada a outro CNPJ (quando o CNPJ da empresa está em Configurações) e uma nota
        já importada são recusadas. Os lotes e validades informados na nota ficam guardados nos itens
        recebidos.
      </p>
      <p>
        Em Notas recebidas, veja cada nota (itens, lotes e as entradas geradas), baixe o XML ou desfaça o
        recebimento: as entradas são canceladas, desde que nenhum saldo fique negativo em alguma data e o mês
        não esteja fechado.
      </p>
    </section>
  );
}
