package org.jumbocap.cli;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jumbocap.capture.CaptureException;
import org.jumbocap.capture.CaptureSource;
import org.jumbocap.capture.Pcap4jCaptureSource;
import org.jumbocap.capture.host.LinkSettings;
import org.jumbocap.cli.engine.UserException;
import org.jumbocap.io.LinkTypes;
import org.jumbocap.tree.FieldFormat;
import org.pcap4j.core.PcapAddress;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jumbocap interfaces}: the capture devices, their addresses and their BIG TCP sizes. */
@Command(name = "interfaces", addMethodSubcommands = false, mixinStandardHelpOptions = true,
        description = {"Lists every capture device with its addresses, link type, MTU and BIG TCP settings "
                + "(gso/gro/tso max sizes from 'ip -d -j link show'), warning where a super-packet could be "
                + "longer than the " + CaptureSource.MAX_SNAPLEN + " bytes libpcap captures of a frame (jumbocap's "
                + "AF_PACKET source, the default on Linux, keeps up to " + CaptureSource.AF_PACKET_MAX_SNAPLEN + ")."})
public final class InterfacesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<PcapNetworkInterface> devices;
        try {
            devices = Pcap4jCaptureSource.devices();
        } catch (CaptureException e) {
            throw new UserException(e.getMessage(), e);
        }
        Map<String, LinkSettings.Link> links = LinkSettings.read();
        for (PcapNetworkInterface nif : devices) {
            LinkSettings.Link link = links.get(nif.getName());
            out.println(header(nif, link));
            List<String> addresses = new ArrayList<>();
            for (PcapAddress a : nif.getAddresses()) {
                if (a.getAddress() != null) {
                    addresses.add(address(a));
                }
            }
            if (!addresses.isEmpty()) {
                out.println("    addresses: " + String.join(", ", addresses));
            }
            if (link != null && !link.sizes().isEmpty()) {
                StringBuilder s = new StringBuilder("    BIG TCP:");
                link.sizes().forEach((k, v) -> s.append(' ').append(k).append(' ').append(v));
                out.println(s);
                for (String w : warnings(link, linkHeaderBytes(link))) {
                    out.println("    warning: " + w);
                }
            }
        }
        out.flush();
        return 0;
    }

    private static String header(PcapNetworkInterface nif, LinkSettings.Link link) {
        StringBuilder s = new StringBuilder(nif.getName());
        List<String> flags = new ArrayList<>();
        flags.add(nif.isUp() ? "up" : "down");
        if (nif.isRunning()) {
            flags.add("running");
        }
        if (nif.isLoopBack()) {
            flags.add("loopback");
        }
        s.append(" (").append(String.join(", ", flags)).append(')');
        String linkType = linkTypeName(nif.getName());
        if (linkType == null && link != null && link.linkType() != null) {
            linkType = link.linkType();
        }
        if (linkType != null) {
            s.append("  link ").append(linkType);
        }
        if (link != null && link.mtu() != null) {
            s.append("  mtu ").append(link.mtu());
        }
        if (nif.getDescription() != null) {
            s.append("  ").append(nif.getDescription());
        }
        return s.toString();
    }

    /** libpcap's link type of a device, when it can be opened (needs privileges), else null. */
    private static String linkTypeName(String device) {
        try {
            PcapHandle h = new PcapHandle.Builder(device).snaplen(64).timeoutMillis(1).bufferSize(1 << 16).build();
            try {
                return LinkTypes.name(Pcap4jCaptureSource.linkTypeOfDlt(h.getDlt().value()));
            } finally {
                h.close();
            }
        } catch (PcapNativeException | RuntimeException e) {
            return null;
        }
    }

    private static String address(PcapAddress a) {
        InetAddress addr = a.getAddress();
        String text = FieldFormat.address(addr.getAddress());
        InetAddress mask = a.getNetmask();
        if (mask != null && mask.getClass() == addr.getClass()) {
            int bits = 0;
            for (byte b : mask.getAddress()) {
                bits += Integer.bitCount(b & 0xFF);
            }
            text += "/" + bits;
        }
        return text;
    }

    static int linkHeaderBytes(LinkSettings.Link link) {
        return link.linkType() == null || link.linkType().equals("ether") ? 14 : 20;
    }

    /** Sizes that let the kernel build frames longer than a capture can hold. */
    static List<String> warnings(LinkSettings.Link link, int linkHeader) {
        List<String> out = new ArrayList<>();
        for (String key : List.of("gso_max_size", "gro_max_size", "gso_ipv4_max_size", "gro_ipv4_max_size")) {
            Long v = link.sizes().get(key);
            if (v != null && v + linkHeader > CaptureSource.MAX_SNAPLEN) {
                out.add(key + " " + v + " allows frames longer than the " + CaptureSource.MAX_SNAPLEN
                        + " bytes libpcap captures: capture through AF_PACKET (the default; not --source "
                        + "libpcap) to keep them whole");
            }
        }
        return out;
    }
}
