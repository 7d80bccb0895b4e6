0 1 2.5
1 2
# comment
2 3 7
3 0 1
