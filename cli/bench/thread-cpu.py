#!/usr/bin/env python3
# CPU seconds of each thread of a command, by thread name, read from /proc every 50 ms while it runs
# (a JVM names its threads: main is "java", the export writer "jumbocap-parque", the JIT "C2 CompilerThre").
#   python3 cli/bench/thread-cpu.py ./jumbocap export -w /tmp/o.parquet /tmp/jumbocap-kernel/small.pcap
import subprocess,sys,os,time,collections
p=subprocess.Popen(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
last={}
t0=time.time()
while p.poll() is None:
    try:
        for t in os.listdir('/proc/%d/task'%p.pid):
            try:
                s=open('/proc/%d/task/%s/stat'%(p.pid,t)).read()
                name=s[s.index('(')+1:s.rindex(')')]
                f=s[s.rindex(')')+2:].split()
                last[(name,t)]=(int(f[11])+int(f[12]))/100
            except Exception: pass
    except Exception: pass
    time.sleep(0.05)
wall=time.time()-t0
by=collections.Counter()
for (n,t),v in last.items(): by[n]+=v
print('wall %.2f s, threads %.2f s CPU'%(wall,sum(by.values())))
for n,v in by.most_common(8): print('%6.2f %s'%(v,n))
