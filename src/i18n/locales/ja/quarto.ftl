# クアルト。

quarto-name = クアルト
quarto-tall = 背の高い
quarto-short = 背の低い
quarto-dark = 濃い色の
quarto-light = 薄い色の
quarto-round = 丸い
quarto-square = 四角い
quarto-hollow = 穴あきの
quarto-solid = 穴なしの
quarto-the-piece = { $height }・{ $colour }・{ $shape }・{ $top }駒
quarto-place-first = まず、渡された{ $piece }を置いてください。
quarto-piece-played = { $piece }はもう使われています。
quarto-piece-on = { $piece }はもう { $cell } にあります。
quarto-nothing-to-place = 置く駒がありません。まず相手に駒を渡してください。
quarto-cell-taken = { $cell } にはもう{ $piece }があります。
quarto-wait-for-placing = あなたの手番ではありません。相手があなたの渡した駒を置くところです。
quarto-wait-for-giving = あなたの手番ではありません。相手があなたに渡す駒を選んでいるところです。
quarto-row = { $row } 行目
quarto-column = { $column } 列
quarto-diagonal = 対角線 { $from }-{ $to }
quarto-block = ブロック { $from }-{ $to }
quarto-winning-group = { $group }（すべて{ $traits }）
quarto-first-giver = 抽選で { $player } さんが最初に駒を渡すことになりました。
quarto-gave = { $player } さんが { $other } さんに{ $piece }を渡しました。
quarto-placed = { $player } さんが{ $piece }を { $cell } に置きました。
quarto-won = { $player } さんが { $groups } をそろえて勝ちました。
quarto-drawn = 盤が埋まり、そろった列はありません。引き分けです。
quarto-give-label = { $piece }を渡す
quarto-place-label = { $cell } に置く
quarto-form-advanced = 上級ルールは、オン（チェックを入れる）かオフ（空のまま）のどちらかです。
quarto-option-advanced = 上級ルール：共通の特徴を持つ駒 4 つが、行・列・対角線、または隣り合う 2×2 のブロックにそろえば勝ち
quarto-option-standard = 標準ルール：共通の特徴を持つ駒 4 つが、行・列・対角線にそろえば勝ち

# ルールのページ。
quarto-guide-summary = 背が高いか低いか、色が濃いか薄いか、丸いか四角いか、穴があるかないかの 16 個の駒を使います。相手が置く駒はあなたが選びます。共通の特徴を持つ駒を 4 つ一列にそろえた人の勝ちです。
quarto-guide-players = 2 人
quarto-guide-length = 置くのは最大 16 回、ふつうは 10 回ほど、1 日 1 手なら 1～2 週間
quarto-guide-rule-1 = 盤は 4 × 4 マスで、16 個の駒は誰のものでもありません。最初に駒を渡す人は抽選で決まります。
quarto-guide-rule-2 = 手番は二つの部分からなります。渡された駒を空いているマスに置き、残りの駒から一つを選んで相手に渡します。
quarto-guide-rule-3 = 行・列・対角線の 4 つ目の駒を置いて、4 つの駒が少なくとも一つの特徴（たとえば全部背が高い、全部穴あき）を共有すれば、その駒を選んだのが相手でも、置いた人がすぐに勝ちます。
quarto-guide-rule-4 = そのような列ができないまま盤が埋まれば、引き分けです。
quarto-guide-option-1 = 上級ルール
quarto-guide-option-meaning-1 = ふだんはオフ。オンにすると、どの 2 × 2 のブロックでも、特徴を共有する 4 つの駒がそろえば勝ちになります。

# メールの返信で使う手のコード（「メールで遊ぶ」のページ）。
quarto-codes-1 = 渡された駒は、列 a～d と行 1～4 でマスを書いて置きます：「c3」。
quarto-codes-2 = 渡す駒は 4 つの文字で書きます（T/S 背が高い/低い、D/L 濃い/薄い、R/Q 丸い/四角い、H/F 穴あり/なし）：「渡す TDRH」。
quarto-codes-3 = 両方を一行で：「c3 次に 渡す TDRH」。

# 盤。
quarto-piece-words = { $height }・{ $colour }・{ $shape }・{ $top }
quarto-piece-title = { $words }駒
quarto-board-place-named = { $action }：{ $piece }
quarto-board-caption = 盤：列 a～d、行 1～4。16 個のうち { $placed } 個を置きました。{ $advanced ->
        [true] 共通の特徴を持つ駒 4 つが、行・列・対角線・2×2 のブロックにそろえば勝ちです。
       *[false] 共通の特徴を持つ駒 4 つが、行・列・対角線にそろえば勝ちです。
    }
quarto-board-placed-last = （最後に置いた駒）
quarto-board-winning = （勝ちの列）
quarto-board-empty = 空き
quarto-board-to-place = 置く駒
quarto-board-placer = { $player } さんが置きます
quarto-board-pool = まだ渡せる駒
quarto-board-choose-give = 渡す駒を選んでください
quarto-board-left-over = 残った駒
quarto-board-count = （{ $count }）
quarto-board-not-started = ゲームはまだ始まっていません。
quarto-board-you-place = あなたの番です。{ $other } から渡された{ $piece }を置いてください。空いているマスの「… に置く」を押します。
quarto-board-they-place = { $player } が{ $piece }を置き、{ $other } に渡す駒を選ぶ番です。
quarto-board-you-give = あなたの番です。{ $other } が置く駒を選び、その下の「… を渡す」を押してください。共通の特徴を持つ駒 4 つを一列にそろえた人が勝つので、よく考えて選びましょう。
quarto-board-they-give = { $player } が { $other } の置く駒を選んでいます。
quarto-board-draw = 16 個の駒がすべて盤に置かれ、特徴を共有する 4 つの組はありません。引き分けです。
quarto-board-won = { $player } さんが最後の駒を置いて { $groups } をそろえ、勝ちました。
quarto-board-last-move = 直前の手：{ $player } さんが{ $piece }を { $cell } に置きました。
quarto-text-legend = T/S 背が高い/低い、D/L 濃い/薄い、R/Q 丸い/四角い、H/F 穴あり/なし{ $marked ->
        [true] 。* は最後に置いた駒
       *[false] {""}
    }
quarto-text-to-place = 置く駒：{ $piece }（{ $code }）、置くのは { $player } さん。

# 新しいゲームのオプション。
quarto-options-hint = クアルトは 2 人用です。最初に駒を渡す人は抽選で決まります。
quarto-options-advanced = 上級ルール：特徴を共有する駒 4 つが、行・列・対角線だけでなく、隣り合う 2×2 のブロックにそろっても勝ち
# 文章で見る盤面。
quarto-words-piece-on = { $cell }：{ $piece }
quarto-words-placed = { $count ->
        [0] 盤にはまだ駒がありません。
       *[other] 盤の駒：{ $pieces }。
    }
quarto-words-empty = { $count ->
        [0] 空いているマスはありません。
       *[other] 空いているマス：{ $squares }。
    }
quarto-words-to-give = { $count ->
        [0] 渡せる駒は残っていません。
       *[other] 渡せる駒は残り { $count } 個です。
    }
