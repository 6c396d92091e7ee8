# Turnpost が送るメール。

mail-footer-about = Turnpost ― メールで遊ぶボードゲーム
mail-footer-how-often = メールの頻度を変える
mail-footer-no-more = ゲームのメールを止める
mail-hello-anonymous = こんにちは。
mail-hello = { $name } さん、こんにちは。
mail-sign-in-subject = Turnpost のサインイン用リンク
mail-sign-in-open = 次のリンクを開くと Turnpost にサインインします：
mail-sign-in-link = Turnpost にサインインする
mail-sign-in-once = このリンクは一度だけ使え、{ $minutes } 分で期限が切れます。サインインを求めていない場合は、このメールを無視してください。
mail-your-turn-in = { $game }であなたの番です
mail-game-over-in = { $game }が終わりました
mail-result = 結果：{ $result }
mail-make-your-move = 手を打つ
mail-see-whole-game = ゲーム全体を見る
mail-log-head = 記録の先頭：出来事 { $seq }、ハッシュ { $hash }
mail-reply-about-game = このゲームについて返信するには { $address } へ
mail-links-sign-in = リンクを開くとサインインします。どのリンクも一度だけ使えます。
mail-game-against = { $players } さんとの{ $game }
mail-subject-your-turn = { $game }であなたの番です
mail-subject-game-over = { $game }が終わりました：{ $result }
mail-subject-ended = 終了
mail-subject-turns = { $turns } つのゲームであなたの番です
mail-subject-endings = { $ended } つのゲームが終わりました
mail-subject-mixed = { $turns } つのゲームであなたの番です。{ $ended } つのゲームが終わりました
mail-subject-digest = Turnpost の一日：{ $subject }
mail-intro-ended = ゲームの結末をお知らせします。
mail-intro-your-turn = あなたの番です。
mail-intro-turns = { $turns } つのゲームであなたの番です{ $ended ->
        [0] {""}
       *[other] 。{ $ended } つのゲームが終わりました
    }。
mail-clock-left = 手を打つまでの残り時間は { $left } です。
mail-invitation-subject = { $inviter } さんから{ $game }への招待
mail-invites-you = { $inviter } さんが Turnpost の{ $game }（{ $players } 人用）にあなたを招待しています。
mail-the-table = 卓の設定：
mail-take-seat-here = 席に着くにはこちら：
mail-invitation-link-note = このリンクを開くと、このアドレスでサインインします。あなたの番になるたびに Turnpost からメールが届きます。
mail-called-off-by-creator = 席が埋まる前に、{ $player } さんが招待先の{ $game }の卓を取りやめました。
mail-called-off-expired = { $player } さんが作った{ $game }の卓は、席が埋まる前に招待の期限が切れたため取りやめになりました。
mail-called-off-subject = { $player } さんの{ $game }の卓は取りやめになりました
mail-called-off-links = 招待リンクはもう使えません。
mail-see-table = 卓を見る
mail-out-of-time-subject = { $game }で { $player } さんが時間切れになりました
mail-out-of-time = あなたの{ $game }のゲームで、{ $player } さんの持ち時間がなくなりました。
mail-out-of-time-choice = { $player } さんを投了扱いで退場させるか、手を待ち続けるかを選べます。
mail-open-game = ゲームを開く
