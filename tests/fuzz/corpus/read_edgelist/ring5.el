# topo-edgelist 1
# family: "ring"
# parameters: {"nodes":5}
# directed: false
# multigraph: false
# nodes: 5
# links: 5
# columns: ["source","target","class","dim"]
# node: {"id":0,"coords":[0]}
# node: {"id":1,"coords":[1]}
# node: {"id":2,"coords":[2]}
# node: {"id":3,"coords":[3]}
# node: {"id":4,"coords":[4]}
0 1 torus 0
0 4 torus 0
1 2 torus 0
2 3 torus 0
3 4 torus 0
