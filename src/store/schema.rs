//! Diesel table definitions, matching migrations/.

diesel::table! {
    players (id) {
        id -> Int8,
        email -> Text,
        display_name -> Text,
        created_at -> Timestamptz,
        notify -> Text,
        unsubscribe_token -> Text,
        email_rejected_at -> Nullable<Timestamptz>,
        email_rejection -> Nullable<Text>,
        confirmed_at -> Nullable<Timestamptz>,
        time_zone -> Text,
        language -> Text,
        computer_level -> Nullable<Text>,
        bot -> Bool,
        email_pictures -> Bool,
        closed_at -> Nullable<Timestamptz>,
        name_skeleton -> Nullable<Text>,
        moderator_since -> Nullable<Timestamptz>,
        muted_until -> Nullable<Timestamptz>,
        suspended_until -> Nullable<Timestamptz>,
        complained_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    vacations (id) {
        id -> Int8,
        player_id -> Int8,
        starts_at -> Timestamptz,
        ends_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    sign_in_tokens (token_hash) {
        token_hash -> Bytea,
        email -> Text,
        next_path -> Text,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    address_changes (token_hash) {
        token_hash -> Bytea,
        player_id -> Int8,
        new_email -> Text,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    server_secrets (name) {
        name -> Text,
        value -> Bytea,
    }
}

diesel::table! {
    games (id) {
        id -> Text,
        kind -> Text,
        options -> Jsonb,
        players -> Int4,
        private -> Bool,
        created_by -> Int8,
        phase -> Text,
        last_seq -> Int8,
        result -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        open_seats -> Int4,
        time_control -> Nullable<Jsonb>,
        result_message -> Nullable<Jsonb>,
        rated -> Bool,
        rating_order -> Nullable<Int8>,
        rating_min -> Nullable<Int4>,
        rating_max -> Nullable<Int4>,
    }
}

diesel::table! {
    player_ratings (player_id, kind) {
        player_id -> Int8,
        kind -> Text,
        rating -> Float8,
        deviation -> Float8,
        volatility -> Float8,
        games -> Int4,
        last_rated_at -> Timestamptz,
    }
}

diesel::table! {
    rating_changes (game_id, player_id) {
        game_id -> Text,
        player_id -> Int8,
        kind -> Text,
        rating_order -> Int8,
        place -> Int4,
        rated_players -> Int4,
        rating_before -> Float8,
        deviation_before -> Float8,
        volatility_before -> Float8,
        rating_after -> Float8,
        deviation_after -> Float8,
        volatility_after -> Float8,
        rated_at -> Timestamptz,
    }
}

diesel::table! {
    game_players (game_id, player_id) {
        game_id -> Text,
        player_id -> Int8,
        seat -> Nullable<Int4>,
        to_act -> Bool,
        joined_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    invitations (game_id, token_hash) {
        token_hash -> Bytea,
        game_id -> Text,
        email -> Text,
        invited_by -> Int8,
        accepted_by -> Nullable<Int8>,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        declined_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    game_seeds (game_id) {
        game_id -> Text,
        seed -> Bytea,
    }
}

diesel::table! {
    game_events (game_id, seq) {
        game_id -> Text,
        seq -> Int8,
        actor -> Nullable<Int8>,
        command -> Jsonb,
        events -> Jsonb,
        recorded_at -> Timestamptz,
        prev_hash -> Bytea,
        hash -> Bytea,
    }
}

diesel::table! {
    emails (id) {
        id -> Int8,
        message_id -> Text,
        player_id -> Int8,
        recipient -> Text,
        kind -> Text,
        subject -> Text,
        body_text -> Text,
        body_html -> Text,
        unsubscribe_url -> Text,
        created_at -> Timestamptz,
        attempts -> Int4,
        next_attempt_at -> Timestamptz,
        last_error -> Nullable<Text>,
        sent_at -> Nullable<Timestamptz>,
        failed_at -> Nullable<Timestamptz>,
        priority -> Int2,
        claimed_until -> Nullable<Timestamptz>,
        last_attempt_at -> Nullable<Timestamptz>,
        reply_to -> Nullable<Text>,
        in_reply_to -> Nullable<Text>,
    }
}

diesel::table! {
    email_pictures (email_id, content_id) {
        email_id -> Int8,
        content_id -> Text,
        png -> Bytea,
    }
}

diesel::table! {
    reply_tokens (game_id, token_hash) {
        token_hash -> Bytea,
        game_id -> Text,
        player_id -> Int8,
        created_at -> Timestamptz,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    inbound_mail (id) {
        id -> Int8,
        received_at -> Timestamptz,
        message_id -> Nullable<Text>,
        duplicate_of -> Nullable<Int8>,
        envelope_from -> Text,
        recipient -> Text,
        size -> Int8,
        raw -> Bytea,
        outcome -> Text,
        detail -> Nullable<Text>,
        game_id -> Nullable<Text>,
        player_id -> Nullable<Int8>,
        seq -> Nullable<Int8>,
        handled_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    sessions (id_hash) {
        id_hash -> Bytea,
        player_id -> Int8,
        created_at -> Timestamptz,
        last_seen_at -> Timestamptz,
        user_agent -> Text,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    rate_events (action, subject, at) {
        action -> Text,
        subject -> Text,
        at -> Timestamptz,
    }
}

diesel::table! {
    notifications (id) {
        id -> Int8,
        player_id -> Int8,
        kind -> Text,
        game_id -> Nullable<Text>,
        seq -> Nullable<Int8>,
        payload -> Jsonb,
        created_at -> Timestamptz,
        state -> Text,
        email_id -> Nullable<Int8>,
    }
}

diesel::table! {
    turn_clocks (game_id, seat) {
        game_id -> Text,
        seat -> Int4,
        player_id -> Int8,
        turn_seq -> Int8,
        started_at -> Timestamptz,
        due_at -> Timestamptz,
        reminded -> Int2,
        expiry_handled -> Bool,
    }
}

diesel::table! {
    computer_claims (game_id) {
        game_id -> Text,
        seq -> Int8,
        claimed_until -> Timestamptz,
    }
}

diesel::table! {
    api_tokens (id) {
        id -> Int8,
        player_id -> Int8,
        name -> Text,
        token_hash -> Bytea,
        created_at -> Timestamptz,
        last_used_at -> Nullable<Timestamptz>,
        revoked_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    reply_topics (token_hash) {
        token_hash -> Bytea,
        address -> Text,
        player_id -> Nullable<Int8>,
        topic -> Text,
        subject -> Jsonb,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    account_closures (token_hash) {
        token_hash -> Bytea,
        player_id -> Int8,
        running_games -> Text,
        created_at -> Timestamptz,
        expires_at -> Timestamptz,
        used_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    event_log (event_id, seq) {
        event_id -> Text,
        seq -> Int8,
        actor -> Nullable<Int8>,
        command -> Jsonb,
        events -> Jsonb,
        recorded_at -> Timestamptz,
        prev_hash -> Bytea,
        hash -> Bytea,
    }
}

diesel::table! {
    events (id) {
        id -> Text,
        title -> Text,
        kind -> Text,
        format -> Text,
        phase -> Text,
        sign_up_closes_at -> Timestamptz,
        round -> Int4,
        round_deadline -> Nullable<Timestamptz>,
        entrants -> Int4,
        max_entrants -> Int4,
        last_seq -> Int8,
        created_by -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        names_version -> Int8,
    }
}

diesel::table! {
    event_seeds (event_id) {
        event_id -> Text,
        seed -> Bytea,
    }
}

diesel::table! {
    event_entrants (event_id, player_id) {
        event_id -> Text,
        player_id -> Int8,
        withdrawn -> Bool,
    }
}

diesel::table! {
    event_games (game_id) {
        game_id -> Text,
        event_id -> Text,
        round -> Int4,
        table_no -> Int4,
        recorded -> Bool,
    }
}

diesel::joinable!(game_players -> games (game_id));
diesel::joinable!(api_tokens -> players (player_id));
diesel::joinable!(turn_clocks -> games (game_id));
diesel::joinable!(vacations -> players (player_id));
diesel::joinable!(emails -> players (player_id));
diesel::joinable!(notifications -> players (player_id));
diesel::joinable!(game_players -> players (player_id));
diesel::joinable!(game_events -> games (game_id));
diesel::joinable!(invitations -> games (game_id));
diesel::joinable!(sessions -> players (player_id));
diesel::joinable!(player_ratings -> players (player_id));
diesel::joinable!(rating_changes -> players (player_id));
diesel::joinable!(rating_changes -> games (game_id));

diesel::joinable!(reply_tokens -> games (game_id));
diesel::joinable!(event_games -> games (game_id));
diesel::joinable!(event_log -> events (event_id));
diesel::joinable!(event_entrants -> players (player_id));
diesel::joinable!(reply_tokens -> players (player_id));

diesel::allow_tables_to_appear_in_same_query!(
    account_closures,
    address_changes,
    reply_tokens,
    reply_topics,
    inbound_mail,
    players,
    computer_claims,
    api_tokens,
    sign_in_tokens,
    server_secrets,
    games,
    game_players,
    invitations,
    game_seeds,
    game_events,
    emails,
    notifications,
    sessions,
    rate_events,
    turn_clocks,
    vacations,
    player_ratings,
    rating_changes,
    event_log,
    events,
    event_seeds,
    event_entrants,
    event_games,
);
