shared [::4] int a[4];
