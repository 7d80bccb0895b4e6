# topo-edgelist 1
# directed: true
# nodes: 4
# links: 5
# columns: ["source","target","multiplicity","capacity","level"]
# node: {"id":0,"label":"a","pos":[0.5,1]}
0 1 2 10 0
1 2 1 - 1
2 3 1 5 -
3 0 3 - -
0 2 1 1 2
