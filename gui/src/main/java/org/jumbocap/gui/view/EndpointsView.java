package org.jumbocap.gui.view;

import java.util.List;
import java.util.function.Consumer;
import javafx.stage.Window;
import org.jumbocap.gui.model.TrafficColumn;
import org.jumbocap.gui.model.TrafficTables;
import org.jumbocap.gui.service.TrafficScan;
import org.jumbocap.gui.viewmodel.TrafficTablesViewModel;
import org.jumbocap.stats.Endpoints.Endpoint;
import org.jumbocap.stats.TrafficLayer;

/** Statistics → Endpoints: what each address (and port) sent and received, per protocol, with the jumbo columns. */
public final class EndpointsView extends TrafficWindow<Endpoint> {
    public EndpointsView(TrafficTablesViewModel model, Consumer<String> applyFilter, Window owner) {
        super("Endpoints", "endpoints", model, applyFilter, owner);
    }

    @Override
    List<Endpoint> rows(TrafficScan.Result result, TrafficLayer layer) {
        return result.endpoints().at(layer);
    }

    @Override
    List<TrafficColumn<Endpoint>> columns(TrafficScan.Result result, TrafficLayer layer) {
        return TrafficTables.endpointColumns(layer);
    }

    @Override
    String filter(Endpoint row) {
        return row.address().filter();
    }
}
