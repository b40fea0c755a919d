/**
 * Paging bounds shared by the list queries. `skip` reaches SQL as OFFSET: a million is far past any
 * list we serve (the largest, species, has tens of thousands), and a bound keeps `?skip=9e15` from
 * being a question the database has to answer (issue 25).
 */
export const SKIP_MAX = 1_000_000;
