package main

import "testing"

func TestConstruct(t *testing.T) {
	testOutputs(t, []output{
		{[]string{"construct", "8"}, "1 3 5 7 2 0 6 4\n"},
		{[]string{"construct", "-board", "4"}, ".Q..\n...Q\nQ...\n..Q.\n"},
		{[]string{"construct", "0"}, "\n"},
	})
}
