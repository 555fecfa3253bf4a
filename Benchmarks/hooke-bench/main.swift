print("hooke-bench")
