# 記録の出来事。記録のページとメールが伝える言葉。

entry-created = { $creator } さんが { $players } 人用のゲームを作りました（{ $clock }）。シードのコミットメント：{ $commitment }。
entry-joined = { $player } さんが参加しました。
entry-seat = { $number }. { $player }
entry-started = ゲームが始まりました。席はランダムに決まりました：{ $seats }。
entry-resigned = { $player } さんが投了しました。
entry-timed-out = { $player } さんは持ち時間を使い切り（{ $at }）、退場になりました。
entry-called-off = 卓は作った人によって取りやめになりました。
entry-invitations-expired = 席が埋まる前に招待の期限が切れたため、卓は取りやめになりました。
entry-said = { $player } さんの書き込み：「{ $text }」
entry-said-removed = { $player } さんの書き込みは削除されました。
entry-said-hidden = { $player } さんの書き込みは、あなたがその人の書き込みをブロックしているため表示されません。
entry-talk-removed = { $by ->
    [author] 書いた人が書き込みを削除しました（{ $reason }）。
   *[moderator] モデレーターが書き込みを削除しました（{ $reason }）。
}
removal-reason = { $reason ->
    [authors_choice] 本人の選択
    [account_closed] アカウントの削除
    [spam] スパム
    [harassment] 嫌がらせ・差別
    [cheating] 不正・遅延行為
    [offensive_name] 不快な名前
   *[other] その他の理由
}
entry-away = { $player } さんは { $until } まで休暇中です。それまで持ち時間は止まります。
entry-back = { $player } さんが休暇から早めに戻りました。持ち時間がまた動きます。
entry-sealed-revealed = この出来事には秘密が含まれていました。そのハッシュはソルト { $salt } で封印されていました。
entry-sealed = この出来事には秘密が含まれています。そのハッシュは、ゲームの終わりに明かされるソルトで封印されています。
entry-ended = ゲームが終わりました：{ $result }。シードを公開します：{ $seed }。
entry-taken-over-timed-out = { $player } さんは持ち時間を使い切り（{ $at }）、ゲームを抜けました。ここからは { $computer } がその席をプレイします。
entry-taken-over = { $player } さんはゲームを抜けました。ここからは { $computer } がその席をプレイします。
entry-called-off-player-left = 参加していたプレイヤーが始まる前にアカウントを閉じたため、卓は取りやめになりました。
entry-called-off-invitee-left = 招待に返事をしていなかった人がアカウントを閉じ、席が埋まらなくなったため、卓は取りやめになりました。
entry-planned = { $player } さんが前もって応手の計画を立てました。計画は秘密で、この行にはそのコミットメントだけがあります。
entry-plan-followed = { $player } さんは計画どおりにこの手を指しました。{ $row } 行目でコミットした計画にこの手順があり、この行がその手順を明かします。
