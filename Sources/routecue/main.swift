print("routecue")
