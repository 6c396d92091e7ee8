# クリおじさんのテーブルガイプ。

gype-name = クリおじさんのテーブルガイプ
gype-flame = 炎
gype-swords = 剣
gype-book = 本
gype-tree = 木
gype-hat = 帽子
gype-ear = 耳
gype-confirmed-already = 配置はもう確定しています。全員が確定するとゲームが始まります。
gype-not-start-row = { $square } はあなたのスタート列ではありません。
gype-swap-two = 入れ替える別々のダイスを 2 つ選んでください。
gype-arrange-first = まずダイスを並べて確定してください。全員が確定するとゲームが始まります。
gype-arrangement-over = 配置の時間は終わりました。
gype-only-jumper = ジャンプを続けられるのは { $square } のダイスだけです。
gype-jumping = { $square } のダイスがジャンプ中です。続けてジャンプするか、移動を終えてください。
gype-frozen-roll = { $square } のダイスはゴール列に入ったので、もう転がせません。
gype-nothing-to-end = 終えるべき移動はありません。
gype-off-board = そこは盤のマスではありません。
gype-no-die = { $square } にダイスはありません。
gype-not-yours = { $square } のダイスはあなたのものではありません。
gype-frozen-move = { $square } のダイスはゴール列に入ったので、もう動かせません。
gype-ear-cannot-move = { $square } のダイスは耳の面で、動けません。
gype-hat-makes-hat-move = { $square } のダイスは帽子です。帽子は帽子の動きをします。
gype-cannot-step = { $face }は { $from } から { $to } へは動けません。
gype-hat-never-jumps = { $square } のダイスは帽子です。帽子はジャンプしません。
gype-cannot-jump = { $face }は { $from } から { $to } へはジャンプできません。
gype-nothing-to-jump = { $square } には飛び越えるダイスがありません。
gype-only-hat = { $square } のダイスは{ $face }です。帽子の動きができるのは帽子だけです。
gype-hat-landing = 帽子はまっすぐ 2 マスと横に 1 マス進んだところに着地します。
gype-occupied = { $square } にはもうダイスがあります。
gype-no-return = スタート列を出たダイスは、そこへ戻れません。
gype-other-home-row = { $square } はあなたのゴールではないホーム列なので、ダイスは入れません。
gype-chaos-limit = カオスルール：この手番の始めにスタート列にダイスが残っていたので、この手番はどのダイスも盤の中央より先へは進めません。
gype-die = ダイス
gype-list = { $items }
gype-path-long-first = まっすぐ 2 マス、次に横へ 1 マス
gype-path-short-first = 横へ 1 マス、次にまっすぐ 2 マス
gype-started = ダイスが配られ、{ $player } さんが先手です。全員が自分のスタート列を秘密のうちに並べます。
gype-swapped = { $player } さんが { $a } と { $b } のダイスを入れ替えました。
gype-rearranged = { $player } さんがスタート列を並べ替えました。
gype-confirmed = { $player } さんが並べ終えました。
gype-row-of = { $player } さん：{ $faces }
gype-revealed = 全員が並べ終え、スタート列が公開されました（各プレイヤーの左から）：{ $rows }。
gype-turn = { $player } さんの手番です。
gype-turn-chaos = { $player } さんの手番です。スタート列にダイスが残っているので、この手番はどのダイスも中央より先へ進めません（カオスルール）。
gype-stepped = { $player } さんが{ $face }を { $from } から { $to } へ動かしました。
gype-jumped-die-rolled = 飛び越えられたダイスは転がって{ $face }になりました
gype-jumped-die-rolled-already = 飛び越えられたダイスはこの手番ですでに転がっています
gype-jumped = { $player } さんの{ $face }が { $from } から { $over } を飛び越えて { $to } へ移りました。{ $roll }。
gype-hat-nothing-in-way = 通り道にダイスはありませんでした
gype-die-rolled = { $square } のダイスは転がって{ $face }になりました
gype-hat-moved = { $player } さんの帽子が { $from } から { $to } へ跳びました（{ $path }）。{ $rolled }。
gype-rolled = { $player } さんが { $square } のダイスを転がしました：{ $face }。
gype-move-ended = { $player } さんが { $square } で移動を終えました。
gype-dice-leave = { $count ->
        [-1] { $player } さんのダイスが盤から取り除かれました。
       *[other] { $player } さんのダイス { $count } 個が盤から取り除かれました。
    }
gype-dice-leave-before-reveal = { $count ->
        [-1] 配置の公開前に、{ $player } さんのダイスが盤から取り除かれました。
       *[other] 配置の公開前に、{ $player } さんのダイス { $count } 個が盤から取り除かれました。
    }
gype-won = { $player } さんはダイス 8 個すべてをゴール列に入れ、勝ちました。
gype-swap-label = { $a } の{ $face }と { $b } の{ $other }を入れ替える
gype-confirm-label = 配置を確定する
gype-move-label = { $face }を { $from } から { $to } へ動かす
gype-jump-label = { $face }で { $from } から { $to } へジャンプする
gype-hat-via-label = 帽子で { $from } から { $p } と { $q } を通って { $to } へ
gype-hat-label = 帽子で { $from } から { $to } へ
gype-end-move-label = 移動を終える
gype-roll-label = { $square } の{ $face }を転がす
gype-form-start = クラシックスタートかランダムスタートを選んでください。
gype-option-classic = クラシックスタート：各プレイヤーのダイスは炎・剣・本・木が 2 つずつ
gype-option-random = ランダムスタート：どのダイスもランダムな面で始まります（耳は出ません）
gype-option-chaos = カオスルール：手番の始めにスタート列にダイスが残っていたら、その手番はどのダイスも盤の中央より先へ進めません
gype-option-no-chaos = カオスルールなし
gype-option-arrange = ゲームの前に全員がスタート列を秘密のうちに並べ、一斉に公開します
