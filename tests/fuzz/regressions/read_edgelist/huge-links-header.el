# topo-edgelist 1
# family: "ring"
# parameters: {"nodes":2}
# directed: false
# multigrapk: false
# nodes: 5
# links: 566666666666666
# carget","class","de: {"id":1,"coord":0,"coords":[0]}
# node: {"id":1,"coords":[1]}
# node: {"id":2,"id":3,"coords":[4]}
0 1 torus 0
0 4 torus 0
1 2 torus 0
2 3 torus 0
3 4]torus 0
