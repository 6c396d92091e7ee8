# アズール：サマーパビリオン。

azul-name = アズール：サマーパビリオン
azul-purple = 紫
azul-green = 緑
azul-orange = 橙
azul-yellow = 黄
azul-blue = 青
azul-red = 赤
azul-centre-star = 中央の星
azul-colour-star = { $colour }の星
azul-numbered-star = 星 { $star }
azul-the-centre = 中央
azul-factory = 工房 { $factory }
azul-take-first = まず工房か中央からタイルを取ってください。
azul-choose-bonus-first = まずサプライからタイルを { $count } 枚選んでください。
azul-keep-first = まず取っておくタイルを選んでください。
azul-round-over = このラウンドは終わりました。パスして次のラウンドを始めてください。
azul-place-or-pass = タイルを置くか、パスしてください。
azul-no-such-factory = 工房 { $factory } はありません。
azul-no-round = ラウンドが行われていません。
azul-source-empty = { $source }にはタイルがありません。
azul-source-lacks = { $source }には{ $colour }のタイルがありません。
azul-wild-comes-along = このラウンドは{ $wild }がワイルドです。別の色を取ると、{ $wild }が 1 枚ついてきます。
azul-no-such-star = 星 { $star } はありません。星は 0（中央）～6 です。
azul-no-such-space = 星のマスは 1～6 です。
azul-space-covered = { $star }のマス { $space } はもう埋まっています。
azul-star-only = { $star }に置けるのは{ $colour }のタイルだけです。
azul-star-has = { $star }にはもう{ $colour }のタイルがあります。
azul-no-tile = { $colour }のタイルを持っていません。
azul-pay-wild-alone = { $wild }はこのラウンドのワイルドの色です。{ $wild }のタイルだけで払ってください（ワイルド 0 枚）。
azul-cost-short = このマスにはタイルが { $cost } 枚必要ですが、{ $colour }は { $own } 枚しかありません。
azul-cost-short-with-wild = このマスにはタイルが { $cost } 枚必要ですが、{ $colour }が { $own } 枚とワイルドが { $wilds } 枚しかありません。
azul-wilds-short = ワイルドのタイルは { $wilds } 枚しかありません。
azul-one-real-tile = 置くタイルは本物の{ $colour }でなければなりません。ワイルドは { $most } 枚までです。
azul-use-wilds = { $colour }は { $own } 枚しかありません。ワイルドを { $least } 枚以上使ってください。
azul-no-bonus = 取れるボーナスのタイルはありません。
azul-bonus-count = サプライからちょうど { $count } 枚取ってください。
azul-supply-short = サプライには{ $colour }のタイルが { $count } 枚しかありません。
azul-not-keeping = いまは取っておくタイルを選ぶときではありません。
azul-keep-most = 取っておけるタイルは { $most } 枚までです。
azul-hand-short = { $colour }のタイルは { $count } 枚しか持っていません。
azul-count-of = { $colour } { $count } 枚
azul-nothing = なし
azul-list = { $items }
azul-points = { $points } 点
azul-no-wild = なし
azul-pillar = { $star }の柱
azul-window = { $star }の窓
azul-statue = { $star }と{ $next }の間の像
azul-round-started = 第 { $round } ラウンドが始まりました（ワイルドは{ $wild }）。{ $player } さんから始めます。
azul-factory-holds = 工房 { $factory }：{ $tiles }
azul-factories-filled = 工房にタイルが補充されました（{ $factories }）。
azul-supply-refilled = サプライに{ $tiles }が補充されました。
azul-tower-emptied = 袋が空になったので、塔のタイル { $count } 枚を袋に戻しました。
azul-with-wild = { $tiles }とワイルドの{ $wild } 1 枚
azul-took = { $player } さんが{ $source }から{ $tiles }を取りました{ $centre }{ $token }。
azul-to-centre = （{ $tiles }は中央へ）
azul-took-token = 。スタートプレイヤーマーカーも取り、{ $points }を失いました
azul-placing-started = タイルはすべて取られました。{ $player } さんから置きます。
azul-placed = { $player } さんが{ $colour }を{ $star }のマス { $space } に置き{ $wilds ->
        [0] {""}
       *[other] （ワイルド { $wilds } 枚使用）
    }、{ $points }を得ました{ $completed }。
azul-completed = 。{ $structures }を完成させました（ボーナス：タイル { $bonus } 枚）
azul-bonus-taken = { $player } さんがボーナスとしてサプライから{ $tiles }を取りました。
azul-passed = { $player } さんがパスしました。
azul-nothing-left = { $player } さんにはタイルが残っていませんでした。
azul-kept = { $player } さんが{ $tiles }を取っておきました。
azul-discarded = { $player } さんが{ $discarded }を捨て、{ $points }を失いました。
azul-kept-and-discarded = { $player } さんが{ $kept }を取っておき、{ $discarded }を捨てて{ $points }を失いました。
azul-star-full = { $star }が完成（{ $points }）
azul-number-covered = 数字 { $number } をすべて埋めた（{ $points }）
azul-no-final-bonus = { $player } さんにゲーム終了時のボーナスはありませんでした。
azul-final-scored = { $player } さんはゲーム終了時に{ $points }を得ました：{ $parts }。
azul-to-tower = { $tiles }は塔へ移りました
azul-bonus-forfeited = ボーナスで受け取るはずだったタイル { $count } 枚はサプライに残りました
azul-token-passed = { $player } さんがスタートプレイヤーマーカーを引き継ぎました
azul-start-passed = { $player } さんがスタートプレイヤーを引き継ぎました
azul-left = { $player } さんがゲームを去りました。
azul-left-and = { $player } さんがゲームを去りました：{ $what }。
azul-round-over-event = 置けるタイルを持つプレイヤーがいなくなり、第 { $round } ラウンドが終わりました。第 { $next } ラウンドは { $player } さんから始めます。
azul-game-won = ゲーム終了：{ $players }の勝ちです{ $scored ->
        [0] {""}
       *[other] （{ $points }）
    }。
azul-game-shared = ゲーム終了：{ $players }が勝利を分け合いました{ $scored ->
        [0] {""}
       *[other] （{ $points }）
    }。
azul-take-label = { $source }から{ $colour }を取る
azul-take-wild-label = { $source }からワイルドの{ $colour }を 1 枚取る
azul-place-label = { $colour }を{ $star }のマス { $space } に置く（コスト { $cost }）{ $wilds ->
        [0] {""}
       *[other] ワイルド { $wilds } 枚使用
    }
azul-bonus-label = ボーナスとして{ $tiles }を取る
azul-start-round-label = 第 { $round } ラウンドを始める
azul-pass-label = パス
azul-keep-nothing-label = 何も取っておかない
azul-keep-label = { $tiles }を取っておく
azul-form-board = 色付きの盤（通常のゲーム）か灰色の盤（バリアント）を選んでください。
azul-option-standard = 色付きの盤（通常のゲーム）：外側の星にはその星の色のタイル、中央の星には各色 1 枚ずつ
azul-option-variant = 灰色の盤（バリアント）：中央を含むどの星も、最後には全部同じ色か 6 色すべて違う色になります

# ルールのページ。
azul-guide-summary = 工房から色のタイルを取り、それを使って自分のパビリオンの星を埋めていきます。ほかのタイルの隣に置くたびに得点になります。ラウンドごとに一つの色がワイルドになります。
azul-guide-players = 2～4 人
azul-guide-length = 6 ラウンド、各ラウンド十数手、1 日 1 手なら 1 か月以上
azul-guide-rule-1 = 各ラウンドはタイルを取ることから始まります。自分の番には、一つの工房から一色（ワイルドの色は除く）のタイルをすべて取り、残りを中央へ移すか、中央から取ります。ワイルドのタイルがあれば、ちょうど 1 枚がついてきます。最初に中央から取った人は次のラウンドの最初のプレイヤーになり、そのとき取ったタイル 1 枚につき 1 点を失います。
azul-guide-rule-2 = タイルがすべて取られたら、順番に自分の盤へタイルを置きます。数字のマスにはその数だけ星の色のタイルが必要で（1 枚以外はワイルドで代用できます）、置いたタイルはそれ自身と、星の中でつながっているタイル 1 枚ごとに 1 点になります。
azul-guide-rule-3 = 柱・像・窓を囲むと、サプライからボーナスのタイルがもらえます。置けないか置きたくないときはパスします。次のラウンドのためにタイルを 4 枚まで取っておけ、残りのタイル 1 枚につき 1 点を失います。
azul-guide-rule-4 = 6 ラウンドのあと、完成した星と数字のまとまりに追加の得点が入ります。得点の最も高い人の勝ちです。
azul-guide-option-1 = プレイヤーの盤
azul-guide-option-meaning-1 = 色付き（標準）：外側の星にはその星の色のタイル、中央の星には各色 1 枚ずつを置きます。灰色：どの星の色も自分で決め、各星は最後に全部同じ色か 6 色すべて違う色にならなければなりません。

# メールの返信で使う手のコード（「メールで遊ぶ」のページ）。
azul-codes-1 = タイルを取る：「take 3 red」（工房 3）または「take centre red」。ワイルドのタイルがあれば自動でついてきます。
azul-codes-2 = タイルを置く：色、星（centre、色、灰色の盤では番号）、マス 1～6、払うタイルのうちワイルドの枚数：「place red blue 4」「place red centre 2 1 wild」。
azul-codes-3 = このラウンドの配置をやめる：「pass」。ボーナスのタイル：「bonus red blue」。取っておくタイル：「keep green green red」または「keep nothing」。ラウンドの間：「next round」。
