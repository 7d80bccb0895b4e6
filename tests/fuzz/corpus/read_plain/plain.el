0 1
1 2
2 0
2 3 cls
# comment
% also
3 4 {"weight": 1}
