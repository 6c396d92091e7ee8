# どのページにも共通の言葉：ヘッダー、フッター、言語の切り替え。

site-name = Turnpost
skip-to-content = 本文へ移動
skip-to-board = 盤面へ移動
nav-main = メイン
nav-your-games = あなたのゲーム
nav-new-game = 新しいゲーム
nav-settings = 設定
nav-sign-in = サインイン
nav-sign-out = サインアウト
signed-in-as = { $name } さんとしてサインイン中
footer-about = Turnpost — メールで遊ぶボードゲーム。すべての手は記録され、検証できます。
language-switch = 言語
player-numbered = プレイヤー{ $number }
game = ゲーム
this-game = このゲーム
new-game-title = 新しい{ $game }のゲーム
history-title = { $game } { $id } の記録
game-title = { $game } · { $id }
game-title-your-turn = （あなたの番）{ $game } · { $id }
# 並べ方：「a、b、c」。節は「a。b。c」ではなく「a／b」のように区切る。
list-separator = 、
list-last-separator = 、
list-clause-separator = ／
seat-name = { $player } さん
empty = {""}
language-english = 英語
language-japanese = 日本語
# 持ち時間と時間の長さ。
clock-none = 時間制限なし
clock-per-move = 1 手ごとに { $span }
clock-bank = 持ち時間 { $initial }、1 手ごとに { $increment } 追加（最大 { $max }）
clock-withdraw = { $limit }。時間切れのプレイヤーは退場になります
clock-others-decide = { $limit }。時間切れのプレイヤーを退場させるかはほかのプレイヤーが決めます
clock-computer-takes-over = { $limit }。時間切れのプレイヤーの席はコンピューターが引き継ぎます
span-under-a-minute = 1 分未満
span-minutes = { $minutes } 分
span-hours = { $hours } 時間
span-days = { $days } 日
span-days-hours = { $days } 日 { $hours } 時間
list = { $items }
