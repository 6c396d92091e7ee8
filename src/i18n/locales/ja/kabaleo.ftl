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

# ルールのページ。
kabaleo-guide-summary = 隠れた目標を持つ積み上げゲームです。各プレイヤーはひそかにある色を応援し、自分の色を悟られないように駒を山に置いて、その色が一番上の山をできるだけ多く残します。
kabaleo-guide-players = 2～4 人
kabaleo-guide-length = 全部で 24～36 回置く（一人 9～12 回）、1 日 1 手なら数週間
kabaleo-guide-rule-1 = 盤はランダムに並べた色付きの土台です。使う色はプレイヤーの数より 2 色多く、各プレイヤーには誰からも見える色付きの駒が手元に配られます。
kabaleo-guide-rule-2 = 各プレイヤーには秘密の色が配られ（二人のゲームでは二つずつ）、ゲームが終わるまで本人にしか見えません。
kabaleo-guide-rule-3 = 自分の番には、手元の駒を一つどれかの山に置きます。ただし直前の手が置かれた山と、駒と同じ色のむき出しの土台には置けません。
kabaleo-guide-rule-4 = 山の一番上の駒が自分の駒と同じ色なら、両方ともゲームから取り除かれます。そうでなければ自分の駒が上に乗り、山はその色になります。
kabaleo-guide-rule-5 = すべての駒を置き終えたら、秘密の色を公開します。自分の色が一番上にある山が最も多い人の勝ちです。同じなら、その色の駒が一番上にある山の数、さらにその色の最も高い山で決めます。
kabaleo-guide-option-1 = 駒の配り方
kabaleo-guide-option-meaning-1 = ランダム（標準）：すべての駒を混ぜて等しく配ります。均等（2～3 人のみ）：全員が各色を同じ数ずつ受け取ります。

# メールの返信で使う手のコード（「メールで遊ぶ」のページ）。
kabaleo-codes-1 = 駒の色と置く山の番号を書きます：「青 3」（または「青 山 3」）。

# 盤。
kabaleo-board-standing = { $piles ->
        [0] 山なし
       *[other] 山 { $piles } つ（駒が一番上の山 { $topped } つ、最も高い山は { $tallest } 段）
    }
kabaleo-board-closed-bare = { $colour }の土台がむき出しなので、{ $colour }の駒は置けません
kabaleo-board-closed = ここには{ $colour }の駒を置けません
kabaleo-board-over = { $count ->
        [0] ゲームは終わりました。
        [one] ゲームは終わりました。{ $winners } さんの勝ちです。秘密の色はすべて下に示します。
       *[other] ゲームは終わりました。{ $winners } さんが勝ちを分け合いました。秘密の色はすべて下に示します。
    }
kabaleo-board-not-started = ゲームはまだ始まっていません。
kabaleo-board-next = 次は { $player } さんが駒を置く番です。
kabaleo-board-you-place = あなたの番です。選んだ山の「{ $colour }を山 … に置く」を押してください。
kabaleo-board-you-choose = あなたの番です。まず、手元から置く駒の色を選んでください。
kabaleo-board-revealed = 公開された秘密の色。山の数が最も多い人の勝ちです。同じなら駒が一番上の山の数、さらに最も高い山で決めます。
kabaleo-board-player = プレイヤー
kabaleo-board-secret-colours = 秘密の色
kabaleo-board-piles-count = 山
kabaleo-board-topped = 駒が一番上
kabaleo-board-tallest = 最も高い山
kabaleo-board-result = 結果
kabaleo-board-won = 勝ち
kabaleo-board-your-secret = あなたの秘密
kabaleo-board-your-secret-colours = あなたの秘密の色：
kabaleo-board-secret-explained = ゲームが終わるまで、これはあなたにしか見えません。終わったとき、{ $count ->
        [one] あなたの色
       *[other] あなたの色のどちらか
    }が一番上にある山 1 つにつき 1 点です。いまは：{ $standing }。
kabaleo-board-your-move = あなたの手
kabaleo-board-step-2 = 手順 2/2：置く駒は{ $colour }です。置く山のボタンを押してください。
kabaleo-board-choose-another = 別の色を選ぶ
kabaleo-board-step-1 = 手順 1/2：置く駒の色を選んでください。
kabaleo-board-pick = { $colour }を置く
kabaleo-board-in-hand = （手元に { $count } 個）
kabaleo-board-piles = 山
kabaleo-board-piles-note = ―それぞれ土台から上へ描いています。一番上の円錐が山の色です
kabaleo-board-pile = 山 { $pile }
kabaleo-board-pile-colon = ：
kabaleo-board-bare-base = むき出しの{ $colour }の土台
kabaleo-board-pile-colour = { $colour }、{ $height } 段
kabaleo-board-cone = { $colour }{ $base ->
        [true] の土台
       *[false] {""}
    }
kabaleo-board-played-last = 最後に置かれた山
kabaleo-board-played-last-closed = 最後に置かれた山：この手番では誰もここに置けません
kabaleo-board-progress = { $total } 個のうち { $placed } 個を置きました{ $removed ->
        [0] {""}
       *[other] 。{ $removed } 個は相殺されてゲームから取り除かれました
    }。{ $last ->
        [0] {""}
       *[other] 最後の駒は山 { $last } に置かれました。
    }同じ色の駒の上に置くと、両方が取り除かれます。
kabaleo-board-hands = 各プレイヤーの手元の駒
kabaleo-board-in-all = 合計
kabaleo-board-hand-of = { $player }{ $moving ->
        [true] （手番）
       *[false] {""}
    }{ $winner ->
        [true] （勝者）
       *[false] {""}
    }
kabaleo-board-colours = 盤上の各色
kabaleo-board-colour = 色
kabaleo-board-showing = その色の山
kabaleo-board-in-hands = 手元に残る駒
kabaleo-board-cancelled = 相殺された駒
kabaleo-text-piles = 山（土台から順に。* は最後に置かれた山）：
kabaleo-text-base = { $colour }の土台
kabaleo-text-hands = 手元の駒：
kabaleo-text-hand = { $player }：{ $count ->
        [0] 駒は残っていません
       *[other] { $hand }
    }{ $moving ->
        [true] （手番）
       *[false] {""}
    }
kabaleo-text-your-secret = あなたの秘密の色：{ $colours }（{ $standing }）
kabaleo-text-secret-of = { $player } さんの秘密の色：{ $colours }（{ $standing }）
kabaleo-text-progress = { $total } 個のうち { $placed } 個を置き、{ $removed } 個が相殺されました。

# 新しいゲームのオプション。
kabaleo-options-hint = 使う色はプレイヤーの数より 2 色多くなります。2 人なら一人 2 色、それ以外は一人 1 色の秘密の色を持ちます。
kabaleo-options-dealing = 駒はどう配りますか？
kabaleo-options-random = ランダム：すべての駒を混ぜて等しく配ります（何人でも）
kabaleo-options-uniform = 均等：全員が各色を同じ数ずつ受け取ります（2 人か 3 人のときだけ）

# 同点をタイブレークで決めたとき。
kabaleo-decided-topped = 同点のため第一のタイブレーク（駒が載った山の数）で決着：{ $winner } 対 { $other }
kabaleo-decided-tallest = 同点のため第二のタイブレーク（いちばん高い山）で決着：{ $winner } 段 対 { $other } 段
# 文章で見る盤面。
kabaleo-words-piles = { $piles }。
kabaleo-words-pile = { $pile } は{ $what }{ $last ->
        [true] （直前に置かれた山）
       *[false] {""}
    }
kabaleo-words-seat = { $player }{ $moving ->
        [true] （手番）
       *[false] {""}
    }：{ $left ->
        [0] 手元の駒はありません
       *[other] 手元の駒 { $left } 個（{ $hand }）
    }{ $known ->
        [0] {""}
       *[other] 。秘密の色は{ $secret }
    }。
