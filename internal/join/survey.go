package join

import (
	"slices"

	"github.com/gonqueens/nqueens/internal/poll"
)

// The survey of a side too large for a part: how many of its half-boards
// have each value of their top bits, which cuts it into parts of values.

// surveySide returns how many of the half-boards of l have each value of
// their top maxSieve bits (all of shorter keys), and how many there are:
// it lists them surveyBatch at a time in j.keys[l.side], which a side
// too large for a part lists again, range by range, after it. It
// reports false if p said to stop.
func (j *Joiner) surveySide(l *halfListing, p *poll.Poller) (survey []int, n int, ok bool) {
	keyBits := j.board.keys.keyBits
	bits := min(maxSieve, keyBits)
	survey = slices.Grow(j.survey[:0], 1<<bits)[:1<<bits]
	clear(survey)
	j.survey = survey
	shift := keyBits - bits
	all := *l
	all.at = cursor{}
	for more := true; more; {
		if more, ok = j.list(&all, keyBits, valueRange{0, 1}, surveyBatch, &j.keys[l.side], false, p); !ok {
			return nil, 0, false
		}
		keys := j.keys[l.side][0]
		for _, k := range keys {
			survey[k<<tagBits>>(shift+tagBits)]++ // the top bits, but the tag
		}
		n += len(keys)
	}
	return survey, n, true
}

// surveyBatch is how many half-boards surveySide lists at a time.
const surveyBatch = 1 << 16
