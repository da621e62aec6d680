-- player: what play needs of a player.

-- What play needs of a player: the status (contracts PlayerStatus), and whether the login session
-- that launched the game is still open (no session: not tied to one). Inlined into the caller's query.
CREATE OR REPLACE FUNCTION player_play_state(p_player uuid, p_session uuid)
RETURNS TABLE (status integer, session_open boolean) LANGUAGE sql STABLE AS $$
  SELECT p.status,
         p_session IS NULL OR EXISTS (SELECT 1 FROM player_sessions ps WHERE ps.id = p_session AND ps.closed_at IS NULL)
    FROM players p
   WHERE p.id = p_player
$$;
