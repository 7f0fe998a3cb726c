package engine

// A subproblem is the unit of a count's work, which one worker solves at
// a time and a state marks done. Each method of counting has a kind of
// its own, in its own file: a search of the solutions that a turn leaves
// unchanged (invariant.go), a run of the join's splits (run.go), a
// constellation with queens placed in its first free rows
// (constellation_split.go). A new method adds its kind and its place in
// the plan (plan.go); the scheduler, the order of the work and the
// workers take every kind alike.
type subproblem interface {
	// solve returns the counts of the subproblem, with w's scratch; it
	// reports false if it gave up, because w.poll said to stop or for
	// w.err.
	solve(w *worker) (Counts, bool)
	// recount returns them as a recount of the kind how finds them
	// (Config.Recount): by the plain backtracking of the package recount,
	// which shares no code with solve's fast path, or by solve's own
	// search where that is plain already; or, for JoinRecount, by the
	// join another way where solve joins.
	recount(w *worker, how Recount) (Counts, bool)
	// begin readies the subproblem for a count, or a recount of the kind
	// how, that will solve it, before the workers start.
	begin(how Recount)
	// quick reports whether the subproblem is one of a count's quick
	// ones, which come first, and whose share of the subproblems the
	// estimate of the time left does not weigh.
	quick() bool
	// group returns what the subproblem shares with others of its kind,
	// which a worker had best solve one after another: the join's board of
	// a run of splits, whose quarters a joiner keeps; nil for none.
	group() any
}

// search returns the counts of s, by its method or by a recount. It
// reports false if it gave up, because w.poll said to stop or for w.err.
func (w *worker) search(s subproblem) (Counts, bool) {
	if w.recount != NoRecount {
		return s.recount(w, w.recount)
	}
	return s.solve(w)
}
