-- Issue 52: a position's rows of application_tallies, for its count on the dashboard's list of positions
-- and its statuses in the workspace (each position read every row: 48 positions, 2,184 rows, 15 ms).
-- Built here, not concurrently: the table holds a few rows per position and status (its job adds
-- them up every minute), so the index takes milliseconds and holds the triggers' writes as long.
CREATE INDEX "application_tallies_position_idx" ON "application_tallies" USING btree ("position_id","status");