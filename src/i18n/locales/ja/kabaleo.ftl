# カバレオ。

kabaleo-name = カバレオ
kabaleo-blue = 青
kabaleo-green = 緑
kabaleo-yellow = 黄
kabaleo-orange = 橙
kabaleo-pink = 桃
kabaleo-purple = 紫
kabaleo-game-over = ゲームは終わっています。駒はすべて置かれました。
kabaleo-no-such-pile = 山 { $pile } はありません。山の番号は 1～{ $piles } です（コマンドの "pile" は 0 から数えるので 0～{ $last-index }）。
kabaleo-colour-not-in-play = このゲームでは{ $colour }を使いません。
kabaleo-no-piece-left = { $colour }の駒はもう残っていません。
kabaleo-previous-location = 山 { $pile } には直前の手で置かれたため、いまは誰も置けません。
kabaleo-bare-base = 山 { $pile } は{ $colour }の土台がむき出しなので、{ $colour }の駒は置けません。
kabaleo-uniform-dealing = 均等に配るのは 2 人か 3 人のときだけです。{ $players } 人では一色 6 個の駒を等しく分けられないので、ランダムに配るを選んでください。
kabaleo-place-label = { $colour }を山 { $pile } に置く
kabaleo-place-cancels-label = { $colour }を山 { $pile } に置く（一番上の{ $colour }と相殺）
kabaleo-colour-list = { $colours }
kabaleo-count-of = { $colour } { $count } 個
kabaleo-nothing = なし
kabaleo-player-hand = { $player }：{ $hand }
kabaleo-laid-out = 盤はランダムに並べられました：土台 { $bases } 個（{ $colours }）。
kabaleo-dealt = 駒が配られました：{ $hands }。
kabaleo-secrets-dealt = 各プレイヤーに秘密の色が配られました。
kabaleo-secrets-dealt-known = 各プレイヤーに秘密の色が配られました（{ $secrets }）。
kabaleo-first-player = 抽選で { $player } さんが先手になりました。
kabaleo-placed = { $player } さんが{ $colour }の駒を山 { $pile } に置きました。
kabaleo-placed-cancelled = { $player } さんが{ $colour }の駒を山 { $pile } に置きました。一番上の{ $colour }の駒と出会い、両方ともゲームから取り除かれました。
kabaleo-left = { $count ->
        [0] { $player } さんがゲームを去りました。手元に駒は残っていません。
       *[other] { $player } さんがゲームを去りました。手元に残った駒 { $count } 個（{ $hand }）も一緒に取り除かれます。
    }
kabaleo-form-dealing = 駒の配り方を二つのうちから選んでください。
kabaleo-form-uniform-four = 均等に配るのは 2 人か 3 人のときだけです。一色 6 個の駒は 4 人に等しく分けられません。ランダムに配るを選ぶか、招待する人数を減らしてください。
kabaleo-option-random = ランダムに配る：すべての駒を混ぜて等しく配ります
kabaleo-option-uniform = 均等に配る：全員が各色を同じ数ずつ受け取ります
kabaleo-option-secrets = 秘密の色：2 人なら一人 2 色、3～4 人なら一人 1 色。ゲームの終わりに明かされます
