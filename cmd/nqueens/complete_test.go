package main

import "testing"

func TestComplete(t *testing.T) {
	testOutputs(t, []output{
		{[]string{"complete", "-count", ".,.,.,.,.,.,.,."}, "92\n"},
		{[]string{"complete", "1,.,.,."}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"complete", "-count", "--", "-1,.,.,."}, "2\n"},
		{[]string{"complete", "-1,.,.,.", "-count"}, "2\n"},
		{[]string{"complete", "-limit", "1", ".,.,.,."}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"complete", "0,.,.,."}, "no completion\n"},
	})
}
