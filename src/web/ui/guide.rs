//! What each game is, its rules in short and its table options, in our own words (written from
//! the specifications the engines implement): for the rules pages, the new-game page and the
//! invitation email.

use crate::games::Kind;

/// What a newcomer needs to know about one game.
pub struct Guide {
    /// One or two sentences: what the game is.
    pub summary: &'static str,
    pub players: &'static str,
    /// How long a game usually runs, in moves and at a day per move.
    pub length: &'static str,
    pub rules: &'static [&'static str],
    /// Each table option and what it changes.
    pub options: &'static [(&'static str, &'static str)],
}

pub fn guide(kind: Kind) -> &'static Guide {
    match kind {
        Kind::Kalah => &KALAH,
        Kind::Quarto => &QUARTO,
        Kind::Kabaleo => &KABALEO,
        Kind::Azul => &AZUL,
        Kind::Gype => &GYPE,
    }
}

static KALAH: Guide = Guide {
    summary: "The classic sowing game: pick up the seeds of one of your pits and sow them round the board, aiming to end with more seeds in your store than your opponent.",
    players: "2 players",
    length: "usually 20 to 40 moves, so a few weeks at a day per move",
    rules: &[
        "Each player owns the six pits nearest them and the store on their right. Who moves first is drawn at random.",
        "On your turn, choose one of your pits that holds seeds. Its seeds are sown one by one, counter-clockwise, into the following pits and your own store; your opponent's store is skipped.",
        "If the last seed falls into your own store, you move again.",
        "If the last seed falls into an empty pit of yours and the pit opposite holds seeds, you capture them: both go to your store.",
        "When the game ends, the seeds left in each row go to that row's owner. The fuller store wins; equal stores are a draw.",
    ],
    options: &[
        (
            "Seeds per pit",
            "3 to 6 seeds in every pit at the start (4 unless you choose otherwise). More seeds make a longer game.",
        ),
        (
            "Pie rule",
            "After the first player's opening turn, the second player may swap sides and take that opening as their own instead of moving. It keeps the first player honest.",
        ),
        (
            "Empty capture",
            "Off by default. When on, a last seed landing in an empty pit of yours goes to your store even when the pit opposite is empty.",
        ),
        (
            "End of the game",
            "By default the game ends when the player to move has no seeds, or as soon as one store holds more than half of all seeds. The textbook rule ends it as soon as either row is empty.",
        ),
    ],
};

static QUARTO: Guide = Guide {
    summary: "Sixteen pieces, each tall or short, dark or light, round or square, solid or hollow. You choose the piece your opponent must place; whoever completes a line of four pieces sharing a trait wins.",
    players: "2 players",
    length: "at most 16 placements, usually about 10, so a week or two at a day per move",
    rules: &[
        "The board has 4 × 4 squares; the 16 pieces belong to nobody. Who gives the first piece is drawn at random.",
        "A turn has two parts: place the piece you were given on any empty square, then choose one of the remaining pieces and give it to your opponent.",
        "Whoever places the fourth piece of a row, column or diagonal whose four pieces share at least one trait (all tall, say, or all hollow) wins at once, even though the other player chose that piece.",
        "If the board fills up without such a line, the game is a draw.",
    ],
    options: &[(
        "Advanced rule",
        "Off by default. When on, four pieces sharing a trait in any 2 × 2 block of squares also win.",
    )],
};

static KABALEO: Guide = Guide {
    summary: "A stacking game of hidden goals: every player secretly supports a colour and plays pieces onto piles to leave as many piles as possible topped with it, without giving their colour away.",
    players: "2 to 4 players",
    length: "24 to 36 placements in all (9 to 12 each), so a few weeks at a day per move",
    rules: &[
        "The board is a pattern of coloured bases, drawn at random. Two more colours are in play than there are players, and each player gets a hand of coloured pieces that everyone can see.",
        "Each player is given a secret colour (two each in a game of two), shown to them alone until the game ends.",
        "On your turn, place one piece from your hand on any pile, except the one the last move was made on, and except a bare base of the piece's own colour.",
        "If the pile's top piece has the same colour as yours, both pieces leave the game. Otherwise your piece goes on top, and the pile takes its colour.",
        "When every piece has been placed, the secret colours are revealed. Whoever's colour tops the most piles wins; ties go to the most piles topped by a piece of that colour, then to the tallest such pile.",
    ],
    options: &[(
        "Dealing",
        "At random (the default): all the pieces are shuffled and dealt out equally. Uniformly (two or three players only): every hand holds the same number of pieces of each colour.",
    )],
};

static AZUL: Guide = Guide {
    summary: "Take coloured tiles from the factories, then spend them to fill the stars of your own pavilion, scoring for every tile you place next to others. One colour is wild each round.",
    players: "2 to 4 players",
    length: "six rounds of a dozen or so turns each, so a month or more at a day per move",
    rules: &[
        "Each round starts by taking tiles: on your turn, take every tile of one colour (not the wild one) from one factory, the rest going to the centre, or from the centre. If wild tiles are there, exactly one comes with them. The first to take from the centre starts the next round, and loses a point for each tile taken then.",
        "When every tile is taken, players in turn place tiles on their board: a space with a number needs that many tiles of the star's colour (wild tiles may stand in for all but one), and the tile scores a point for itself and for every tile joined to it in its star.",
        "Surrounding pillars, statues and windows earns bonus tiles from the supply. When you cannot or will not place more, you pass: you may keep up to four tiles for the next round, and lose a point for each other tile left.",
        "After six rounds, completed stars and numbered groups score extra. The highest score wins.",
    ],
    options: &[(
        "Player boards",
        "Coloured (the default): each outer star takes tiles of its own colour, the centre star one tile of each colour. Grey: you choose the colours of every star, and each star must end up all one colour or six different colours.",
    )],
};

static GYPE: Guide = Guide {
    summary: "A race of dice across a 10 × 10 board: each die moves by the face it shows, and jumping over a die makes it roll. Be the first to bring all eight of your dice to the far side.",
    players: "2 to 4 players",
    length: "usually 60 to 120 moves, so some weeks at a day per move",
    rules: &[
        "Each player starts with eight dice in the row on their side, and races them to the row on the opposite side. Before play, everyone arranges their own start row in secret; the arrangements are revealed together.",
        "On your turn, either roll one of your dice where it stands, or move one according to its face: Flame one step any way, Book one step straight, Swords one step diagonally, Tree forward, diagonally forward or straight back, Hat like a chess knight. An Ear cannot move.",
        "Moving onto an occupied square means jumping over that die to the empty square beyond; the die jumped over is rolled. A die may go on jumping; you end the move when you choose.",
        "A die that reaches the far row stays there for good. The first player with all eight dice home wins.",
    ],
    options: &[
        (
            "Start",
            "Classic (the default): everyone's eight dice show two Flames, two Swords, two Books and two Trees. Random: every die starts on a random face, never an Ear.",
        ),
        (
            "Chaos rule",
            "Off by default. When on, while you still have dice in your start row at the start of your turn, none of your dice may go beyond the centre of the board that turn.",
        ),
    ],
};
