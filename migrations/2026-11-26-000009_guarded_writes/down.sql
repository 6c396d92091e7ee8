DROP FUNCTION record_move;
