package org.jumbocap.gui.view;

import java.util.List;
import java.util.function.Consumer;
import javafx.stage.Window;
import org.jumbocap.gui.model.TrafficColumn;
import org.jumbocap.gui.model.TrafficTables;
import org.jumbocap.gui.service.TrafficScan;
import org.jumbocap.gui.viewmodel.TrafficTablesViewModel;
import org.jumbocap.stats.TrafficLayer;
import org.jumbocap.stats.TwoWayConversations.Conversation;

/** Statistics → Conversations: two-way conversations per protocol, as in Wireshark, with the jumbo columns. */
public final class ConversationsView extends TrafficWindow<Conversation> {
    public ConversationsView(TrafficTablesViewModel model, Consumer<String> applyFilter, Window owner) {
        super("Conversations", "conversations", model, applyFilter, owner);
    }

    @Override
    List<Conversation> rows(TrafficScan.Result result, TrafficLayer layer) {
        return result.conversations().at(layer);
    }

    @Override
    List<TrafficColumn<Conversation>> columns(TrafficScan.Result result, TrafficLayer layer) {
        return TrafficTables.conversationColumns(layer, result.conversations().captureStartNanos());
    }

    @Override
    String filter(Conversation row) {
        return row.filter();
    }
}
