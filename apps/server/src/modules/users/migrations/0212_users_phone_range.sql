-- Users, list part 7 (bench/user-list U2): the live users whose phone lies in [p_from, p_to), by the phone
-- index (text_pattern_ops: byte order), as a function. The user list filtered on a phone prefix of digits
-- asks for the range [prefix, prefix with its last digit raised by one) (users/service.ts: phoneFilter).
-- Written inline, a range given as parameters is costed as 0.5 % of the users (5,000 of a million, where
-- a 7-digit prefix holds at most 10,000 numbers of 11 digits and usually a handful), so the named list
-- statement's generic plan looked dearer than its custom ones and PostgreSQL planned it on every call
-- (1 ms, longer than running it). Behind a function the range costs the same in either plan (ROWS), the
-- statement keeps one generic plan. The function's own query has one sensible plan for every range (the
-- phone index), which PostgreSQL would otherwise plan afresh on each call for the same reason.
CREATE FUNCTION users_phone_range(p_from text, p_to text) RETURNS SETOF integer
LANGUAGE plpgsql STABLE ROWS 20 SET search_path FROM CURRENT SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY SELECT u.id FROM users u WHERE u.phone ~>=~ p_from AND u.phone ~<~ p_to AND u.deleted_at IS NULL;
END
$$;
