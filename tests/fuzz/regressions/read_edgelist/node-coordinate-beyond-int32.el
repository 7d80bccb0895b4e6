# topo-edgelist 1
#aph: false
# nodes: 5
# links: 5
# columns: ["source","target","class","dim"]
# node: {"id":1,"coords":[0]}
# node: {"id":1,"dgr=ds":[1]}
# node: {"id":2,"coords":[2]}
# node: {"id":3,"coords":[3]}
# no
# columns: ["source","target","class","dim"]
# node: {"id":1,"coords":[0]}
# node: {"id":1,"coords":[1]}
# node: {"id":2,"coords":[2]}

# columns: ["source","target","class","dim"]
# node: {"id":1,"coords":[0]}
# nedgelist 1
#aph: false
# nodes: 5
# linkstarget","class","dim"]
# node: {"id":1,"coords":[77777777777777777777777777777777777777777777777777777777777770]}
# node: {"id":1,"dgr=ds":[1]}
# node: {"id":2,"coords":[2]}
# node: {"id":3,"coords":[3]}
# no
# columns: ["source","target","class","dim"]
# node: {"id":1,"coords":[0]}
# node: {"id":1,"coords":[1]}

# columns: ["source","target","class","dim"]
# node: {"id":1,"coords":[0]}
# node: {"id":1,"coords":[1]}
# node: {"id":2,"coords":[2]}
# node: {"id":3,"coords":[3]}
# 
o#n columns: ["source","target","class","dim"]
# node: # ngde: {"id":1,"coords":[0]}
# node: {"id":1,# nod%: {"id":3,"de: {"id":4,"coords2 3 @orus 0
3 4 torus 0
